"""The VTES cards page: find a card by any spelling, read its text and official rulings."""
