"""The rules engine: plays compiled cards by the rules of Serpent's Tongue. Never imports the compiler."""
