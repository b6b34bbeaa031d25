"""The VTES table rules page: torpor and diablerie, influence, victory points, contests."""
