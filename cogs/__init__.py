"""Discord extensions (slash commands and buttons); thin layers over the game manager."""
