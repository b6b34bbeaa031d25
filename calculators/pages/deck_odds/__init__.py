"""The VTES deck odds page: a pasted deck list, the cards to count, the odds by turn."""
