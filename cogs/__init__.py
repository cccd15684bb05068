"""Discord extensions: thin layers that parse, check permissions, call the services, render."""
