"""Skald's wire schema: commands, events and views as msgspec Structs."""
