# The pocket's image (make pocket): its entry and what it imports (the reader hub's boot
# included: "Enroll tiles (USB)" restarts the board as the hub), and every game package
# whole: the menu imports the one a game needs by its registry line.
ENTRY = ("firmware.pocket.main",)
WHOLE = ("shared_rules.games",)
# CPython's stand-ins (the simulators, its clock), imported only where ``machine`` or
# ``time.ticks_ms`` is missing.
NEVER = ("firmware.sim", "firmware.clock_cpython")
