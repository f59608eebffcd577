"""HTTP: the Litestar gateway."""
