"""What crosses a wire or a tag, in parts a board imports one at a time: the serial
protocol's codec (codec.py), the table's events (events.py), the hub's fields (hub.py), the
CRC (crc.py) and the signed tag record (tags.py). Kept empty: the pocket board, which reads
events and tags but speaks no serial protocol, must not pay the codec's ~10 KB of heap."""
