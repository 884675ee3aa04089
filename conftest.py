"""Doctests of the optional server package run only when its extra is installed."""

import importlib.util

collect_ignore_glob = [] if importlib.util.find_spec("starlette") else ["holdem/server/*"]
