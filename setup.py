"""The wheel carries the web table client (``clients/web``) as package data of
``services.entrypoints.http`` (``services/entrypoints/http/web``), so an installed ``skald serve`` answers
``/table/``; everything else is configured in pyproject.toml."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

WEB = Path(__file__).resolve().parent / "clients" / "web"


class BuildWithWebClient(build_py):
    def run(self) -> None:
        super().run()
        target = Path(self.build_lib) / "services" / "entrypoints" / "http" / "web"
        if WEB.is_dir():
            shutil.copytree(WEB, target, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithWebClient})
