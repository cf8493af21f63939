"""The front end of Incantation 2 (seed 001): its cards' grammar fragment, checker, emitters and scenarios."""
