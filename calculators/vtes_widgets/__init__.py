"""What two VTES pages share: the card pickers (a vampire from the crypt, combat cards)."""
