use chimera_engine::perft::perft;
use chimera_engine::variants::oo7::{Options, Position, Schedule};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut o = Options::default();
    for a in args[1].split('+') {
        match a {
            "balanced" => o.schedule = Schedule::Balanced,
            "progressive" => o.schedule = Schedule::Progressive,
            "detente" => o.detente = true,
            "fast" => o.fast_and_deadly = true,
            _ => {}
        }
    }
    let d: u32 = args[2].parse().unwrap();
    let mut pos = if args.len() > 3 && !args[3].is_empty() {
        Position::from_fen(&args[3], &o).unwrap()
    } else {
        Position::start(&o)
    };
    if args.len() > 4 {
        pos = pos.play_plies(&args[4]).unwrap();
    }
    println!("{}", pos.fen());
    for i in 1..=d {
        let t = std::time::Instant::now();
        println!("D{} {} {:?}", i, perft(&pos, i), t.elapsed());
    }
}
