"""The Fury of Dracula page: round and combat odds, a round resolver, Valour points."""
