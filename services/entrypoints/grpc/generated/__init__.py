"""Python messages compiled from contracts/proto (generated)."""
