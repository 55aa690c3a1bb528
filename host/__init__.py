"""The referee on the Raspberry Pi: link, session, screens, inputs, storage, CLI."""
