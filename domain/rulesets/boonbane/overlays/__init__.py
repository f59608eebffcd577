"""The Overlay module (L335-L417): one module per overlay, named for it."""
