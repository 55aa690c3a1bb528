"""hexref pocket: the whole referee on the Pico alone (docs/DESIGN.md, The pocket build)."""
