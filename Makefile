# OpenBench builds engines with `make EXE=<path>`: this builds the release engine (fat LTO, see
# Cargo.toml) and copies it there. `make` alone leaves it at ./chimera.
EXE ?= chimera
CARGO ?= cargo
TARGET_DIR ?= $(or $(CARGO_TARGET_DIR),target)

.PHONY: all
all:
	$(CARGO) build --release --bin chimera
	cp $(TARGET_DIR)/release/chimera$(if $(filter %.exe,$(EXE)),.exe,) $(EXE)
