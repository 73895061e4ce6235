#!/usr/bin/env python3
"""The web board in a real headless Chromium, driven by Selenium (WebDriver).

Usage: browser_check.py URL SCREENSHOT_DIR

For every variant: start a game, make moves by clicking squares, see the engine's reply on the
board, reach a game end from a prepared position by clicking, and export the PGN. Also a
promotion through the choice box, a 007 enemy ply, a Double-Ended capture by approach. Prints
the time from each click to the updated board (the page's own measure, no search included) and
exits non-zero on the first failure.
"""

import json
import os
import statistics
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait

URL, SHOTS = sys.argv[1], sys.argv[2]
os.makedirs(SHOTS, exist_ok=True)
update_ms = []


def driver():
    options = Options()
    for arg in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1500,1100", "--autoplay-policy=no-user-gesture-required"]:
        options.add_argument(arg)
    for binary in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]:
        if os.path.exists(binary):
            options.binary_location = binary
            break
    service = Service("/usr/bin/chromedriver") if os.path.exists("/usr/bin/chromedriver") else Service()
    return webdriver.Chrome(options=options, service=service)


d = driver()
wait = WebDriverWait(d, 60, poll_frequency=0.02)


def js(code):
    return d.execute_script(code)


def until(code, what):
    try:
        wait.until(lambda _: js(code))
    except Exception:
        raise AssertionError(f"timed out waiting for {what}; status: {status()}; "
                             f"error: {d.find_element(By.ID, 'error').text}")


def status():
    return d.find_element(By.ID, "status").text


def new_game(variant, seat="white", fen="", limit=("movetime", "200")):
    Select(d.find_element(By.ID, "variant")).select_by_value(variant)
    js("document.getElementById('variant').onchange()")
    js(f"document.getElementById('start-fen').value = {json.dumps(fen)}")
    Select(d.find_element(By.ID, "seat")).select_by_value(seat)
    Select(d.find_element(By.ID, "limit-kind")).select_by_value(limit[0])
    js(f"document.getElementById('limit-value').value = {json.dumps(limit[1])}")
    gen = js("return state ? state.id : 0")
    d.find_element(By.ID, "new-game").click()
    until(f"return state && state.id !== {gen} && state.variant === {json.dumps(variant)}",
          f"a new {variant} game")


def click(square):
    """Clicks a square; again if the board was redrawn under the click (a poll's answer)."""
    from selenium.common.exceptions import StaleElementReferenceException
    for attempt in range(5):
        try:
            d.find_element(By.CSS_SELECTOR, f'rect.sq[data-sq="{square}"]').click()
            return
        except StaleElementReferenceException:
            if attempt == 4:
                raise


def click_ply(ply):
    """Clicks the ply's two squares and waits for the board to show it."""
    squares = js(f"return squaresOf({json.dumps(ply)})")
    n = js("return state.plies.length")
    js("delete document.body.dataset.updateMs")
    click(squares[0])
    click(squares[1])
    until(f"return state.plies.length > {n}", f"the ply {ply} on the board")
    until("return document.body.dataset.updateMs !== undefined", "the page's timing")
    update_ms.append((js("return state.variant"), float(js("return document.body.dataset.updateMs"))))
    # The ply just clicked, not the last one: the engine's reply may already follow it.
    shown = js(f"return state.plies[{n}].text")
    assert shown == ply, f"clicked {ply}, the board played {shown}"


def round_clicked(order):
    """Ven: clicks `order`'s two squares and waits for the round it completes; its text."""
    squares = js(f"return squaresOf({json.dumps(order)})")
    n = js("return state.plies.length")
    click(squares[0])
    click(squares[1])
    until(f"return state.plies.length > {n} && !state.thinking", f"the round with {order}")
    return js("return state.plies[state.plies.length - 1].text")


def click_order(order):
    """Ven: clicks the person's order; it stays secret until the engine writes its own, then the
    round shows with both orders and its report. Returns the round's text."""
    shown = round_clicked(order)
    assert shown.startswith(order + ","), f"wrote {order}, the round shows {shown}"
    note = js("return state.plies[state.plies.length - 1].note")
    assert len(note.split()) == 3, f"round report: {note!r}"
    report = d.find_element(By.CSS_SELECTOR, "#moves li:last-child .note").text
    assert note in report, report
    return shown


def click_black_order(order):
    """Ven as Black: the engine's White order waits unseen; the person's order resolves the round."""
    until("return !state.thinking && state.to_move === 'black'", "White's order written")
    shown = round_clicked(order)
    assert shown.endswith("," + order), f"wrote {order}, the round shows {shown}"
    return shown


def ven_checks():
    """Ven's page: take-back of one round (as White and as Black), only the latest round drawn
    with both orders and their codes, the status line, the analysis with the mixed strategy."""
    new_game("ven", seat="white", limit=("movetime", "150"))
    rounds = [click_order(o) for o in ["e2e4", "g1f3", "b1c3"]]
    orders = d.find_elements(By.CSS_SELECTOR, "g.order")
    drawn = sorted((o.get_attribute("data-side"), o.get_attribute("data-order")) for o in orders)
    white, black = rounds[-1].split(",")
    assert drawn == [("black", black), ("white", white)], f"{drawn} for the round {rounds[-1]}"
    assert not d.find_elements(By.CSS_SELECTOR, "line.shot, line.arrow"), "rounds drawn as shots"
    codes = state_js("state.plies[2].note").split()
    assert [o.get_attribute("data-code") for o in sorted(orders, key=lambda o: o.get_attribute("data-side"), reverse=True)] == codes[:2]
    # After an odd number of rounds Black moves first: that is not a 007 enemy ply.
    assert "enemy ply" not in status() and "black moves first this round" in status(), status()
    shot("web-ven.png")
    d.find_element(By.ID, "takeback").click()
    until("return state.plies.length === 2 && !state.thinking", "one round taken back as White")
    assert js("return state.plies.map(p => p.text)") == rounds[:2]

    new_game("ven", seat="black", limit=("movetime", "150"))
    rounds = [click_black_order(o) for o in ["e7e5", "g8f6", "b8c6"]]
    d.find_element(By.ID, "takeback").click()
    until("return state.plies.length === 2", "one round taken back as Black")
    assert js("return state.plies.map(p => p.text)") == rounds[:2]
    # The engine writes White's order again, unseen.
    until("return !state.thinking && state.to_move === 'black'", "White's order rewritten")
    assert js("return state.plies.length") == 2

    # The analysis: hidden while the engine's order waits for the person's, then depth, score,
    # the search's note, and the strategy as bars and arrows.
    new_game("ven", seat="black", limit=("movetime", "1000"))
    until("return !state.thinking && state.analysis.depth > 0 && state.to_move === 'black'",
          "the engine's White order")
    assert js("return state.analysis.bestmove").startswith("(written"), js("return state.analysis")
    text = d.find_element(By.ID, "analysis").text
    assert "pv" not in text and not d.find_elements(By.CSS_SELECTOR, "g.strategy line"), text
    # As White, Black's strategy shows with the round it played.
    new_game("ven", seat="white", limit=("movetime", "1000"))
    click_order("e2e4")
    until("return document.querySelectorAll('g.strategy line').length > 0", "the strategy arrows")
    text = d.find_element(By.ID, "analysis").text
    note = js("return state.analysis.note")
    assert "depth" in text and "score cp" in text and "pv " in text and note and note in text, text
    bars = d.find_elements(By.CSS_SELECTOR, "#analysis .strategy .bar")
    assert len(bars) == js("return state.analysis.strategy.length") > 0, text
    widths = js("return [...document.querySelectorAll('g.strategy line')].map(l => Number(l.getAttribute('stroke-width')))")
    assert widths == sorted(widths, reverse=True), f"arrows not weighted by probability: {widths}"
    shot("web-ven-strategy.png")
    print(f"ven: take-back keeps {len(rounds) - 1} rounds as White and as Black; "
          f"{len(bars)} orders in the strategy")


def server_state(game_id):
    import urllib.request
    with urllib.request.urlopen(f"{URL.rstrip('/')}/api/games/{game_id}") as r:
        return json.loads(r.read())


def search_checks():
    """Searches the page leaves are stopped; a corrected strength restarts the engine; Stop in
    watch mode pauses self-play."""
    from selenium.webdriver.common.keys import Keys
    new_game("chess", seat="black", limit=("movetime", "20000"))
    until("return state.thinking", "the engine thinking")
    old = js("return state.id")
    new_game("chess", seat="white")
    time.sleep(0.3)
    assert not server_state(old)["thinking"], "the left game still searches"
    # A reload keeps the game (its id is in the address) and stops its search first.
    new_game("chess", seat="black", limit=("movetime", "20000"))
    until("return state.thinking", "the engine thinking")
    game, generation = js("return state.id"), js("return state.generation")
    assert f"game={game}" in d.current_url, d.current_url
    d.refresh()
    until(f"return typeof state !== 'undefined' && state && state.id === {game}", "the game after a reload")
    assert js("return document.getElementById('seat').value") == "black"
    assert server_state(game)["generation"] > generation, "the search was not stopped on leaving"
    js("stopEngine()")
    until("return !state.thinking && state.plies.length === 1", "the engine's move after the reload")
    # A refused strength, corrected, starts the engine without touching "Play as".
    new_game("chess", seat="black", limit=("movetime", "0"))
    until("return document.getElementById('error').textContent.includes(\"'0'\")", "the refusal")
    field = d.find_element(By.ID, "limit-value")
    field.clear()
    field.send_keys("100", Keys.TAB)
    until("return !state.thinking && state.plies.length === 1", "the engine's move once corrected")
    # Watch mode: Stop pauses self-play, and resumes it.
    new_game("chess", seat="watch", limit=("movetime", "150"))
    until("return state.plies.length >= 2", "self-play")
    d.find_element(By.ID, "stop").click()
    until("return !state.thinking", "the pause")
    n = js("return state.plies.length")
    time.sleep(1.0)
    assert server_state(js("return state.id"))["plies"].__len__() == n, "self-play went on"
    assert "paused" in status(), status()
    d.find_element(By.ID, "stop").click()
    until(f"return state.plies.length > {n}", "self-play resumed")
    d.find_element(By.ID, "stop").click()
    print("searches: left games stop, a reload keeps the game, a fixed strength plays, watch pauses")


def navigation_checks():
    """The move list and the arrow keys show earlier positions; End returns to the game."""
    from selenium.webdriver.common.keys import Keys
    new_game("chess", seat="both")
    for ply in ["e2e4", "e7e5", "g1f3"]:
        click_ply(ply)
    body = d.find_element(By.TAG_NAME, "body")
    piece = lambda sq: d.find_elements(By.CSS_SELECTOR, f"#board g.pieces use[data-sq='{sq}']")
    body.send_keys(Keys.ARROW_LEFT)
    until("return viewAt === 2", "the position after two plies")
    until("return document.querySelector(\"#board g.pieces use[data-sq='g1']\") !== null", "g1's knight back")
    body.send_keys(Keys.HOME)
    until("return viewAt === 0", "the start")
    assert piece("e2") and not piece("e4")
    click("e2")  # no move while viewing
    d.find_element(By.CSS_SELECTOR, "#moves .ply[data-at='1']").click()
    until("return viewAt === 1 && document.querySelector(\"#board g.pieces use[data-sq='e4']\") !== null", "after e2e4")
    assert js("return state.plies.length") == 3
    body.send_keys(Keys.END)
    until("return viewAt === null", "the live board")
    assert piece("f3")
    # Analysis mode: three lines, a best-move arrow and the evaluation bar; nothing played.
    d.find_element(By.ID, "analyse").click()
    until("return !state.thinking && state.analysis.analysing && state.analysis.lines.length === 3 "
          "&& !document.getElementById('evalbar').hidden "
          "&& document.querySelectorAll('#board g.strategy line').length === 3", "the analysis")
    assert js("return state.plies.length") == 3
    assert len(d.find_elements(By.CSS_SELECTOR, "#analysis ol.lines li")) == 3
    best = js("return state.analysis.lines[0].pv.split(' ')[0]")
    widest = js("return [...document.querySelectorAll('#board g.strategy line')].sort((a, b) => "
                "b.getAttribute('stroke-width') - a.getAttribute('stroke-width'))[0].dataset.order")
    assert widest == best, (widest, best)
    shot("web-analysis.png")
    # The position shown while navigating is the one analysed.
    body.send_keys(Keys.ARROW_LEFT)
    until("return viewAt === 2", "the position after two plies")
    d.find_element(By.ID, "analyse").click()
    until("return !state.thinking && state.analysis.plies === 2 && state.analysis.lines.length === 3 "
          "&& !document.getElementById('evalbar').hidden", "the earlier position's analysis")
    body.send_keys(Keys.END)
    print("navigation: ←, Home, a click in the move list and End show the positions; "
          "analysis of the game and of an earlier position")


def access_checks():
    """Marks that are not colour alone, a typed move, announcements, the phone layout."""
    new_game("chess", seat="both", fen="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    click("e4")
    dots = sorted(e.get_attribute("data-sq") for e in d.find_elements(By.CSS_SELECTOR, "g.targets circle.dot"))
    rings = sorted(e.get_attribute("data-sq") for e in d.find_elements(By.CSS_SELECTOR, "g.targets circle.ring"))
    assert set(dots) == {"e5"} and set(rings) == {"d5"}, (dots, rings)
    click("e4")
    field = d.find_element(By.ID, "move-input")
    field.send_keys("e4d5\n")
    until("return state.plies.length === 1", "the typed move")
    # Typed in coordinates; the move list and the announcement say it in SAN.
    assert js("return document.getElementById('announce').textContent") == "white played exd5"
    assert js("return document.querySelector('#moves .ply').textContent") == "exd5"
    assert js("return document.getElementById('status').getAttribute('aria-live')") == "polite"
    last = d.find_elements(By.CSS_SELECTOR, "g.marks rect.last")
    assert last and all(r.get_attribute("stroke") for r in last), "last move marked by tint alone"
    # Vanguard on a 390 px phone: the board first, full width, coordinates of 9 px or more.
    d.set_window_size(390, 844)
    try:
        new_game("vanguard", seat="both")
        board = js("return document.querySelector('#board svg').getBoundingClientRect().toJSON()")
        setup = js("return document.getElementById('setup').getBoundingClientRect().top")
        coord = js("return document.querySelector('#board g.coords text').getBoundingClientRect().height")
        square = js("return document.querySelector('#board rect.sq').getBoundingClientRect().width")
        inner = js("return document.documentElement.clientWidth")
        assert board["width"] >= 0.9 * inner and board["top"] < setup, (board, setup, inner)
        js("window.scrollTo(0, 0)")
        assert coord >= 9, f"coordinates {coord:.1f} px high"
        shot("web-vanguard-phone.png")
        print(f"phone: Vanguard board {board['width']:.0f} px wide, squares {square:.1f} px, "
              f"coordinates {coord:.1f} px high")
    finally:
        d.set_window_size(1500, 1100)


def colour_scheme(scheme):
    """Emulates `prefers-color-scheme: scheme` (None: the browser's own)."""
    features = [{"name": "prefers-color-scheme", "value": scheme}] if scheme else []
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": features})


def axe_checks():
    """axe-core (npm package, its axe.min.js named by $AXE_JS) on the page mid-game, light and
    dark: prints every violation; skipped with a message without the file."""
    path = os.environ.get("AXE_JS", "")
    if not os.path.exists(path):
        print("axe: skipped (set AXE_JS to axe-core's axe.min.js: npm install axe-core)")
        return
    source = open(path).read()
    new_game("ven", seat="white", limit=("movetime", "150"))
    click_order("e2e4")
    click("g1")
    report = {}
    for scheme in ["light", "dark"]:
        colour_scheme(scheme)
        js(source)
        result = d.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map("
            "v => ({id: v.id, impact: v.impact, nodes: v.nodes.length, "
            "targets: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))));")
        report[scheme] = result
    colour_scheme(None)
    print("axe-core " + js("return axe.version") + " violations: " + json.dumps(report))


def timing_checks(clicks=int(os.environ.get("CHIMERA_TIMING_CLICKS", "6"))):
    """Click to updated board in every variant: `clicks` plies (Ven: orders) by two players at
    one screen, each the first legal ply whose two squares differ, timed by the page."""
    for variant in js("return variants.map(v => v.name)"):
        new_game(variant, seat="both")
        for _ in range(clicks):
            move = js("return state.moves.find(m => { const s = squaresOf(m); return s[1] && s[0] !== s[1]; })")
            if not move or js("return state.outcome !== null"):
                break
            squares = js(f"return squaresOf({json.dumps(move)})")
            js("delete document.body.dataset.updateMs")
            click(squares[0])
            click(squares[1])
            if not js("return document.getElementById('chooser').hidden"):
                d.find_element(By.CSS_SELECTOR, "#chooser button[data-move]").click()
            until("return document.body.dataset.updateMs !== undefined", f"{variant}: {move} timed")
            update_ms.append((variant, float(js("return document.body.dataset.updateMs"))))


def chess960_checks():
    """Chess960: a numbered start (518 is the usual array, 0 is BBQNNRKR) and a random one."""
    for n, rank in [(518, "rnbqkbnr"), (0, "bbqnnrkr"), (959, "rkrnnqbb")]:
        Select(d.find_element(By.ID, "variant")).select_by_value("chess")
        js("document.getElementById('variant').onchange()")
        js("document.querySelector('[data-option=UCI_Chess960]').checked = true")
        js(f"document.getElementById('start-fen').value = '{n}'")
        gen = js("return state.id")
        d.find_element(By.ID, "new-game").click()
        until(f"return state.id !== {gen}", f"Chess960 start {n}")
        assert js("return state.start_fen").startswith(rank + "/pppppppp/"), js("return state.start_fen")
    starts = set()
    for _ in range(3):
        js("document.querySelector('[data-option=UCI_Chess960]').checked = true")
        js("document.getElementById('start-fen').value = ''")
        gen = js("return state.id")
        d.find_element(By.ID, "new-game").click()
        until(f"return state.id !== {gen}", "a random Chess960 start")
        rank = js("return state.start_fen").split("/")[0]
        assert sorted(rank) == sorted("rnbqkbnr"), rank
        assert rank.index("r") < rank.index("k") < rank.rindex("r"), rank
        assert (rank.index("b") + rank.rindex("b")) % 2 == 1, f"bishops on one colour: {rank}"
        starts.add(rank)
    print(f"chess960: numbered starts 518, 0, 959 and random ones {sorted(starts)}")


def clock_checks():
    """Clocks kept by the server: the page shows its figures, the engine plays on them, and the
    server's flag ends the game."""
    Select(d.find_element(By.ID, "clock")).select_by_value("180+2")
    try:
        new_game("chess", seat="white")
        until("return !document.getElementById('clocks').hidden && state.clock.running === 'white' && "
              "document.getElementById('clock-white').classList.contains('running')", "White's clock")
        time.sleep(0.5)
        click_ply("e2e4")
        engine_replied(1)
        server = server_state(js("return state.id"))["clock"]
        left = [server["white"], server["black"]]
        assert 170000 < left[0] < 182000 and 170000 < left[1] < 182000, server
        assert server["running"] == "white", server
        shown = js("return document.getElementById('clock-black').textContent")
        assert shown == f"black {left[1] // 60000}:{(left[1] // 1000) % 60:02d}" or \
            shown == f"black {(left[1] + 999) // 60000}:{((left[1] + 999) // 1000) % 60:02d}", (shown, left)
        # A one-second clock: White's flag falls on the server, and the page says so.
        js("const o = document.createElement('option'); o.value = '1+0'; "
           "document.getElementById('clock').append(o)")
        Select(d.find_element(By.ID, "clock")).select_by_value("1+0")
        new_game("chess", seat="white")
        until("return state.outcome !== null", "White's flag")
        assert "white ran out of time" in status(), status()
        assert server_state(js("return state.id"))["outcome"]["reason"] == "white ran out of time"
        assert "out" in d.find_element(By.ID, "clock-white").get_attribute("class")
        assert not js("return humanDecides()")
        print(f"clock: 3+2 kept by the server, after a move each {left[0] / 1000:.1f} s and "
              f"{left[1] / 1000:.1f} s left; a 1 s clock flags on the server")
    finally:
        Select(d.find_element(By.ID, "clock")).select_by_value("")


def premove_checks():
    """A move queued while the engine thinks: played at once when legal, dropped when not,
    cancelled by a right click."""
    from selenium.webdriver.common.action_chains import ActionChains
    # Each reply takes 3 s: the clicks of a premove come well within it on a loaded machine.
    new_game("chess", seat="white", limit=("movetime", "3000"))
    click_ply("e2e4")
    until("return state.thinking", "the engine thinking")
    click("g1")
    click("f3")
    assert js("return premove && premove.from === 'g1' && premove.to === 'f3'"), js("return premove")
    # Read at once in the page: each poll's answer draws the marks anew.
    marks = js("return [...document.querySelectorAll('g.targets rect.pre')].map(e => e.dataset.sq).sort()")
    assert marks == ["f3", "f3", "g1", "g1"], marks
    assert "g1-f3" in d.find_element(By.ID, "premove").text
    until("return state.plies.length >= 3", "the premove played")
    assert js("return state.plies[2].text") == "g1f3", js("return state.plies.map(p => p.text)")
    # Cancelled by a right click: nothing is played for the person.
    until("return state.thinking", "the engine thinking again")
    click("b1")
    click("c3")
    assert js("return state.thinking && premove && premove.to === 'c3'"), js("return premove")
    ActionChains(d).context_click(d.find_element(By.CSS_SELECTOR, 'rect.sq[data-sq="a5"]')).perform()
    assert js("return premove === null && !document.querySelector('g.targets rect.pre')")
    until("return !state.thinking && state.plies.length === 4", "the engine's reply")
    time.sleep(0.3)
    assert js("return state.plies.length") == 4 and js("return state.to_move") == "white"
    # A premove that is not legal when the turn comes is dropped.
    click_ply("d2d3")
    until("return state.thinking", "the engine thinking")
    click("e4")
    click("e6")
    assert js("return state.thinking && premove && premove.to === 'e6'"), js("return premove")
    until("return !state.thinking && state.plies.length === 6", "the engine's reply")
    until("return document.getElementById('premove').textContent.includes('dropped')", "the drop")
    time.sleep(0.3)
    assert js("return state.plies.length") == 6 and js("return state.to_move") == "white"
    print("premove: g1-f3 played on the engine's reply, a right click cancels, e4-e6 dropped")


def sound_checks():
    """A move and a capture sound (WebAudio), none when muted; the mute is remembered."""
    js("localStorage.removeItem('chimera.muted'); showMute(); soundLog.length = 0")
    new_game("chess", seat="both", fen="4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1")
    click_ply("e4d5")
    click_ply("e8e7")
    assert js("return soundLog") == ["capture", "move"], js("return soundLog")
    assert js("return audio && audio.state") in ("running", "suspended")
    d.find_element(By.ID, "mute").click()
    assert d.find_element(By.ID, "mute").get_attribute("aria-pressed") == "true"
    click_ply("d5d6")
    assert js("return soundLog.length") == 2, js("return soundLog")
    d.refresh()
    until("return typeof state !== 'undefined' && state !== null", "the page after a reload")
    assert d.find_element(By.ID, "mute").get_attribute("aria-pressed") == "true", "mute forgotten"
    d.find_element(By.ID, "mute").click()
    assert js("return localStorage.getItem('chimera.muted')") == "0"
    print("sounds: a capture and a move heard, none while muted, the mute kept across a reload")


def drag_checks():
    """The dragged piece follows the pointer with the legal targets shown; a drop plays; a
    finger (touch) drags too."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    new_game("chess", seat="both")
    sq = lambda name: d.find_element(By.CSS_SELECTOR, f'rect.sq[data-sq="{name}"]')
    ActionChains(d).click_and_hold(sq("g1")).move_to_element(sq("e3")).perform()
    # The dragged copy's centre and the square's, in the picture's units: the pointer's place.
    centre = ("const n = Number(el.getAttribute('width')); "
              "return [Number(el.getAttribute('x')) + n / 2, Number(el.getAttribute('y')) + n / 2]")
    ghost = js(f"const el = document.querySelector('#board use.drag-ghost'); if (!el) return null; {centre}")
    target = js(f"const el = document.querySelector('rect.sq[data-sq=\"e3\"]'); {centre}")
    assert ghost, "no dragged piece"
    assert all(abs(a - b) < 3 for a, b in zip(ghost, target)), (ghost, target)
    dots = sorted(e.get_attribute("data-sq") for e in d.find_elements(By.CSS_SELECTOR, "g.targets circle.dot"))
    assert set(dots) == {"f3", "h3"}, dots
    ActionChains(d).move_to_element(sq("f3")).release().perform()
    until("return state.plies.length === 1", "the dropped move")
    assert js("return state.plies[0].text") == "g1f3"
    assert not d.find_elements(By.CSS_SELECTOR, "use.drag-ghost")
    # A drop off the target squares plays nothing.
    ActionChains(d).click_and_hold(sq("b8")).move_to_element(sq("b5")).release().perform()
    time.sleep(0.3)
    assert js("return state.plies.length") == 1 and js("return selected") is None
    # A finger.
    js("document.getElementById('board').addEventListener('pointerdown', "
       "e => { document.body.dataset.pointer = e.pointerType; })")
    finger = ActionBuilder(d, mouse=PointerInput(interaction.POINTER_TOUCH, "finger"))
    finger.pointer_action.move_to(sq("b8")).pointer_down().move_to(sq("b7")).move_to(sq("c6")).pointer_up()
    finger.perform()
    until("return state.plies.length === 2", "the touch-dragged move")
    assert js("return state.plies[1].text") == "b8c6"
    assert js("return document.body.dataset.pointer") == "touch", js("return document.body.dataset.pointer")
    print("drag: the piece follows the pointer (centred on e3 mid-drag, targets f3 h3), drops "
          "play g1f3, a drop elsewhere cancels, a finger drags b8c6")


def square_checks():
    """Squares labelled for screen readers and kept up to date; the keyboard moves a piece."""
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys
    new_game("chess", seat="both")
    label = lambda name: js(f"return document.querySelector('rect.sq[data-sq=\"{name}\"]').getAttribute('aria-label')")
    assert (label("e2"), label("e4"), label("g8")) == ("e2, white pawn", "e4, empty", "g8, black knight"), \
        (label("e2"), label("e4"), label("g8"))
    assert js("return document.querySelectorAll('rect.sq[tabindex=\"0\"]').length") == 1
    js("document.querySelector('rect.sq[tabindex=\"0\"]').focus()")
    # From the square in the tab order (the last one used) to e2 by arrows, Enter, two up, Enter.
    start = js("return document.activeElement.dataset.sq")
    files, ranks = ord("e") - ord(start[0]), 2 - int(start[1:])
    keys = ([Keys.ARROW_RIGHT if files > 0 else Keys.ARROW_LEFT] * abs(files)
            + [Keys.ARROW_UP if ranks > 0 else Keys.ARROW_DOWN] * abs(ranks)
            + [Keys.ENTER, Keys.ARROW_UP, Keys.ARROW_UP, Keys.ENTER])
    ActionChains(d).send_keys(*keys).perform()
    until("return state.plies.length === 1", "the move by keyboard")
    assert js("return state.plies[0].text") == "e2e4"
    assert (label("e2"), label("e4")) == ("e2, empty", "e4, white pawn"), (label("e2"), label("e4"))
    assert js("return document.activeElement.dataset.sq") == "e4", "focus lost with the redraw"
    assert js("return document.getElementById('board').getAttribute('role')") == "group"
    print("squares: labelled ('e4, white pawn'), one tab stop, arrows and Enter played e2e4")


def luminance(rgb):
    def channel(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    hi, lo = sorted([luminance(a), luminance(b)], reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colour(text):
    """A computed colour, `rgb(1, 2, 3)` or `rgba(1, 2, 3, 0.5)`, as numbers."""
    import re
    return [float(x) for x in re.findall(r"[\d.]+", text)][:3]


def contrast_checks():
    """The marks (legal targets, captures, selection, premove, last ply) measured in the page:
    each mark's ink against both square colours and against the square under it, 3:1 or
    more (WCAG 1.4.11), light and dark themes; and each mark a shape of its own."""
    new_game("chess", seat="both", fen="4k3/8/8/3p4/8/4P3/8/4K3 w - - 0 1")
    click_ply("e3e4")
    click_ply("e8e7")
    report = {}
    for scheme in ["light", "dark"]:
        colour_scheme(scheme)
        click("e4")
        marks = js("""
          const style = (el) => getComputedStyle(el);
          const ink = (el) => { const s = style(el); return s.stroke !== 'none' ? s.stroke : s.fill; };
          const sq = (name) => document.querySelector(`rect.sq[data-sq="${name}"]`);
          const plain = (cls) => style(document.querySelector(`rect.sq.${cls}:not(.target):not(.sel):not(.pre)`)).fill;
          const out = {light: plain('light'), dark: plain('dark'), marks: []};
          const add = (kind, els, under) => {
            const el = els[els.length - 1];
            out.marks.push({kind, ink: ink(el), tag: el.tagName, fill: style(el).fill,
              dash: style(el).strokeDasharray, under});
          };
          for (const kind of ['dot', 'ring', 'sel']) {
            const els = [...document.querySelectorAll(`g.targets .${kind}`)];
            add(kind, els.slice(0, 2), style(sq(els[0].dataset.sq)).fill);
          }
          // The last ply: its outline over its tint (fill-opacity) over the square.
          const last = document.querySelector('g.marks rect.last');
          const s = style(last);
          const x = Number(last.getAttribute('x')) + 30, y = Number(last.getAttribute('y')) + 30;
          const below = [...document.querySelectorAll('rect.sq')].find(r => Number(r.getAttribute('x')) + 30 === x && Number(r.getAttribute('y')) + 30 === y);
          add('last', [last], JSON.stringify({tint: s.fill, alpha: s.fillOpacity, square: style(below).fill}));
          premove = {from: 'a1', to: 'b1'}; highlight();
          add('pre', [...document.querySelectorAll('g.targets .pre')].slice(0, 2), style(sq('a1')).fill);
          premove = null; selected = null; highlight();
          return out;""")
        light, dark = colour(marks["light"]), colour(marks["dark"])
        rows = {}
        for m in marks["marks"]:
            ink = colour(m["ink"])
            if m["kind"] == "last":
                u = json.loads(m["under"])
                a = float(u["alpha"])
                under = [a * t + (1 - a) * q for t, q in zip(colour(u["tint"]), colour(u["square"]))]
            else:
                under = colour(m["under"])
            ratios = [round(contrast(ink, c), 2) for c in (light, dark, under)]
            assert min(ratios) >= 3, f"{scheme}: the {m['kind']} mark {m['ink']} has {ratios} (light, dark, under)"
            rows[m["kind"]] = ratios
        # Not colour alone: each mark's shape (element, filled or not, dash pattern) differs.
        shapes = {m["kind"]: (m["tag"], m["fill"] == "none", m["dash"]) for m in marks["marks"]}
        assert len(set(shapes.values())) == len(shapes), shapes
        report[scheme] = rows
    colour_scheme(None)
    print("contrast (mark ink against light square, dark square, the square under it): " + json.dumps(report))


def state_js(expr):
    return js(f"return {expr}")


def engine_replied(plies_before):
    until(f"return !state.thinking && state.plies.length > {plies_before} && "
          "(state.outcome || state.to_move === seat())", "the engine's reply")
    reply = js("return state.plies.slice(%d).map(p => p.text)" % plies_before)
    # The reply is on the board: the piece stands on its destination, its origin is empty.
    text = reply[-1]
    last = js(f"return squaresOf({json.dumps(text)})")
    assert d.find_elements(By.CSS_SELECTOR, "g.marks rect.last"), "last move not marked"
    if len(last) == 2 and "x" not in text:
        drawn = lambda sq: d.find_elements(By.CSS_SELECTOR, f"g.pieces use[data-sq='{sq}']")
        # Lene Hau: a piece still under way is drawn with its arrow to the destination.
        under_way = d.find_elements(By.CSS_SELECTOR, f"g.traveller[data-to='{last[1]}']")
        assert (drawn(last[1]) or under_way) and not drawn(last[0]), \
            f"{text} is not drawn on the board"
    return reply, last


def export_pgn(result):
    d.find_element(By.ID, "pgn-button").click()
    until("return !document.getElementById('pgn').hidden && document.getElementById('pgn').value",
          "the PGN")
    pgn = d.find_element(By.ID, "pgn").get_attribute("value")
    assert f'[Result "{result}"]' in pgn, pgn
    assert '[Variant "' in pgn and "[FEN " in pgn, pgn
    return pgn


def shot(name):
    d.save_screenshot(os.path.join(SHOTS, name))


def p95(values):
    values = sorted(values)
    return values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]


def report_timings():
    every = [ms for _, ms in update_ms]
    per_variant = {}
    for variant, ms in update_ms:
        per_variant.setdefault(variant, []).append(ms)
    print("click to updated board (ms): " + json.dumps({
        "clicks": len(every),
        "median": round(statistics.median(every), 1),
        "p95": round(p95(every), 1),
        "max": round(max(every), 1),
        "per variant (clicks, median, p95)": {
            v: [len(m), round(statistics.median(m), 1), round(p95(m), 1)] for v, m in per_variant.items()},
    }))


# A prepared game end per variant: its FEN, the mating click ply, the result and its reason. A
# variant without one here is only opened, played and answered above.
MATES = {
    "chess": ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "1-0", "checkmate"),
    "double-ended": ("k7/2K5/8/8/8/8/8/1Q6 w - - 0 1", "b1a1", "1-0", "checkmate"),
    "double-ended-deep": ("k7/2K5/8/8/8/8/8/1Q6 w - - 0 1", "b1a1", "1-0", "checkmate"),
    "007": ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "1-0", "checkmate"),
    "vanguard": ("k15/" + "16/" * 14 + "QK14 w - 0 1", "a1a16", "1-0", "royal piece captured"),
    # Black's one order (Kg8) cannot stop Ra8: mate at the start of the next round.
    "ven": ("7k/1R6/8/8/8/8/8/R5K1 w - - 0 1", "a1a8", "1-0", "checkmate"),
    # The knight travelling g2 -> f3 arrives with White's next order and removes the king.
    "lene-hau": ("8/8/8/8/8/5k2/8/7K w - - 0 1 Ng2>f3", "h1h2", "1-0", "royal piece captured"),
}

try:
    d.get(URL)
    until("return typeof state !== 'undefined' && state !== null", "the page")
    # CHIMERA_BROWSER_ONLY=ven_checks runs one group of checks (while developing).
    only = os.environ.get("CHIMERA_BROWSER_ONLY")
    if only:
        globals()[only]()
        if update_ms:
            report_timings()
        sys.exit(0)
    variants = js("return variants.map(v => v.name)")
    assert set(MATES) <= set(variants), variants
    for variant in variants:
        # A game from the start: a click ply, the engine's answer on the board.
        new_game(variant)
        first = js("return state.moves[0]")
        if variant == "ven":
            # The person's order waits unseen; the engine writes Black's; the round shows.
            reply = [click_order(first)]
        elif variant == "007":
            # White's first turn: friendly, enemy (a black piece, by White's clicks), friendly.
            for ply in ["d2d4", "d7d5", "g1f3"]:
                click_ply(ply)
            # The three clicked plies only: the engine's reply (with an enemy ply of its own)
            # may already follow them on a loaded machine.
            marked = js(
                "return [...document.querySelectorAll('#moves .ply')].slice(0, 3)"
                ".map(e => e.classList.contains('enemy'))"
            )
            assert marked == [False, True, False], marked
            reply, _ = engine_replied(3)
            assert len(reply) == 3, reply
        else:
            click_ply(first)
            reply, _ = engine_replied(1)
        if variant in ("chess", "007", "vanguard"):
            shot(f"web-{variant}.png")
        export_pgn(js("return state.outcome ? state.outcome.result : '*'"))
        # A prepared position to its end, by clicks, where the variant has one in MATES.
        if variant not in MATES:
            print(f"{variant}: opened with {first}, engine replied {','.join(reply)}; "
                  "no prepared game end in MATES")
            continue
        fen, mate, result, reason = MATES[variant]
        new_game(variant, fen=fen)
        if variant == "ven":
            click_order(mate)
        else:
            click_ply(mate)
        until("return state.outcome !== null", "the game's end")
        text = status()
        assert result in text and reason in text, text
        pgn = export_pgn(result)
        assert mate in pgn, pgn
        print(f"{variant}: opened with {first}, engine replied {','.join(reply)}, "
              f"prepared game ended: {text}")

    ven_checks()
    search_checks()
    navigation_checks()
    access_checks()
    chess960_checks()
    clock_checks()
    premove_checks()
    sound_checks()
    drag_checks()
    square_checks()
    contrast_checks()
    axe_checks()
    timing_checks()

    # Promotion through the choice box.
    new_game("chess", fen="8/P6k/8/8/8/8/8/K7 w - - 0 1")
    click("a7")
    click("a8")
    until("return !document.getElementById('chooser').hidden", "the promotion choice")
    buttons = d.find_elements(By.CSS_SELECTOR, "#chooser button[data-move]")
    assert [b.get_attribute("data-move") for b in buttons] == ["a7a8q", "a7a8r", "a7a8b", "a7a8n"]
    assert all(b.find_elements(By.TAG_NAME, "svg") for b in buttons), "promotion buttons without pictures"
    next(b for b in buttons if b.get_attribute("data-move") == "a7a8n").click()
    until("return state.plies.length === 1", "the promotion")
    assert js("return state.plies[0].text") == "a7a8n"

    # The analysis shows while the engine thinks; Stop makes it play at once.
    new_game("chess", seat="black", limit=("movetime", "20000"))
    until("return state.thinking && state.analysis.depth > 0 && "
          "document.getElementById('analysis').textContent.includes('pv ')", "live analysis")
    d.find_element(By.ID, "stop").click()
    until("return !state.thinking && state.plies.length === 1", "the stopped engine's move")

    # Drag and drop plays a move too.
    new_game("chess", seat="both")
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(d).drag_and_drop(d.find_element(By.CSS_SELECTOR, 'rect.sq[data-sq="g1"]'),
                                  d.find_element(By.CSS_SELECTOR, 'rect.sq[data-sq="f3"]')).perform()
    until("return state.plies.length === 1", "the dragged move")
    assert js("return state.plies[0].text") == "g1f3"

    # Double-Ended: the approach is drawn on the board.
    new_game("double-ended", fen="4k3/8/8/8/n7/8/8/R3K3 w - - 0 1", seat="both")
    click_ply("a1a3")
    mark = d.find_element(By.CSS_SELECTOR, "g.removed[data-sq='a4']")
    assert mark.get_attribute("data-how") == "approach"
    assert "approach" in d.find_element(By.ID, "moves").text
    shot("web-double-ended-approach.png")

    # Lene Hau: a traveller on its square with an arrow to its destination, a stack drawn as a
    # stack whose pieces are told apart when their orders share squares, the forced pass.
    new_game("lene-hau", seat="both")
    click_ply("g1f3")
    knight = d.find_element(By.CSS_SELECTOR, "g.traveller[data-sq='g2']")
    assert knight.get_attribute("data-to") == "f3" and knight.get_attribute("data-piece") == "N"
    assert "under way: Ng2>f3" in status(), status()
    click_ply("e7e6")
    click_ply("f2f3")
    stack = d.find_element(By.CSS_SELECTOR, "g.stack[data-sq='f3']")
    assert stack.get_attribute("data-pieces") == "NP", stack.get_attribute("data-pieces")
    click_ply("d7d6")
    click_ply("e2e4")
    click_ply("d8h4")
    assert d.find_elements(By.CSS_SELECTOR, "g.traveller[data-sq='e3'][data-to='e4']")
    assert d.find_elements(By.CSS_SELECTOR, "g.traveller[data-sq='e7'][data-to='h4']")
    shot("web-lene-hau.png")
    click_ply("Pf3f4")
    new_game("lene-hau", seat="both", fen="4k3/8/8/3[QR]4/8/8/8/4K3 w - - 0 1 -")
    click("d5")
    click("d6")
    until("return !document.getElementById('chooser').hidden", "the stack's choice")
    buttons = d.find_elements(By.CSS_SELECTOR, "#chooser button[data-move]")
    assert sorted(b.get_attribute("data-move") for b in buttons) == ["Qd5d6", "Rd5d6"]
    next(b for b in buttons if b.get_attribute("data-move") == "Rd5d6").click()
    until("return state.plies.length === 1", "the stack's rook order")
    new_game("lene-hau", seat="both", fen="8/8/8/8/8/p7/P1k5/K7 w - - 0 1 Rh4>h8")
    until("return !document.getElementById('pass').hidden", "the pass button")
    d.find_element(By.ID, "pass").click()
    until("return state.plies.length === 1", "the pass")
    assert js("return state.plies[0].text") == "0000"
    assert d.find_elements(By.CSS_SELECTOR, "g.traveller[data-sq='h5'][data-to='h8']")

    # 007: the enemy ply is marked on the board and in the move list.
    new_game("007", seat="both")
    click_ply("e2e4")
    assert "ply 2 of 3 (enemy ply: moves a black piece)" in status(), status()
    click_ply("e7e5")
    assert js("return state.plies[1].enemy")
    assert d.find_elements(By.CSS_SELECTOR, "#moves .ply.enemy")

    # Take back: two players at one screen take back one ply.
    d.find_element(By.ID, "takeback").click()
    until("return state.plies.length === 1", "the take-back")

    # Watching the engine play itself: plies come without clicks; flipping keeps the game.
    new_game("chess", seat="watch", limit=("depth", "1"))
    until("return state.plies.length >= 4", "the engine playing both sides")
    Select(d.find_element(By.ID, "seat")).select_by_value("both")
    d.find_element(By.ID, "flip").click()
    until("""return document.querySelector('rect.sq[data-sq="a1"]').getAttribute('y') === '1'""",
          "the flipped board (a1 at the top)")

    # Vanguard's whole board, from the start, for the docs.
    new_game("vanguard", seat="both")
    shot("web-vanguard-start.png")

    report_timings()
finally:
    d.quit()
