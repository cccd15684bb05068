"""Discord views and dynamic items: buttons that find their lobby or game by id."""
