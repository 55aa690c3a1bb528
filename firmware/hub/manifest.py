# The reader hub's image (make firmware): its entry and what it imports, nothing else
# (firmware/manifest.py follows the imports). No game ships: the hub reads tiles and the
# die and says so; the rules run on the Pi.
ENTRY = ("firmware.hub.main",)
# CPython's stand-ins (the simulators, its clock), imported only where ``machine`` or
# ``time.ticks_ms`` is missing.
NEVER = ("firmware.sim", "firmware.clock_cpython")
