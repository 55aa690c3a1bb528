"""Render the enclosure previews (PNG) and printable meshes (STL) with OpenSCAD, if present.

    python hardware/enclosure/render.py OUT_DIR [STL_DIR]

The PNG previews go to OUT_DIR (committed, for the guide); the STL files to STL_DIR
(default build/hardware/stl, not committed: OpenSCAD orders their facets differently on
each run, so committing them would churn).

OpenSCAD is optional (`apt-get install openscad`, plus `xvfb` on a machine without a
display, for the PNG previews): without it this says so and leaves the committed
renders as they are. Each part prints as its own STL (for example die_shell-top.stl).
"""

import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PARTS = {"reader_pad": ("tray", "lid"), "die_shell": ("bottom", "top")}


def run(cmd):
    print(" ".join(cmd))
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv):
    out = argv[0] if argv else os.path.join(HERE, "..", "rendered")
    stl_dir = (
        argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "..", "build", "hardware", "stl")
    )
    openscad = shutil.which("openscad")
    if not openscad:
        print(
            "openscad not installed: enclosure previews not rendered (optional; "
            "apt-get install openscad xvfb)"
        )
        return 0
    os.makedirs(out, exist_ok=True)
    os.makedirs(stl_dir, exist_ok=True)
    display = [] if os.environ.get("DISPLAY") else ["xvfb-run", "-a"]
    if display and not shutil.which("xvfb-run"):
        print("no display and no xvfb-run: PNG previews skipped, STL only")
        display = None
    for name, parts in PARTS.items():
        scad = os.path.join(HERE, name + ".scad")
        if display is not None:
            run(
                display
                + [
                    openscad,
                    "-o",
                    os.path.join(out, name + ".png"),
                    "--render",
                    "--imgsize=800,600",
                    "--viewall",
                    "--autocenter",
                    "--colorscheme=Tomorrow",
                    scad,
                ]
            )
        for part in parts:
            stl = os.path.join(stl_dir, "%s-%s.stl" % (name, part))
            run([openscad, "-o", stl, "-D", 'part="%s"' % part, scad])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
