"""The front end of Amtgard (seed 002): its abilities' grammar fragment, checker, emitters and scenarios."""
