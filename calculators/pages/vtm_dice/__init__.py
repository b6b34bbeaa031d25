"""The V:tM dice page: one roll, the whole attack, and V5 dice, exactly."""
