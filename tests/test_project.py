"""The project's own promises: conda and pip agree, notebooks are committed clean, the README's commands."""

import re
import sys
from pathlib import Path

import nbformat
import pytest
import yaml

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from lessons import lessons  # noqa: E402
NOTEBOOKS = lessons(ROOT / "notebooks")


def _normalise(requirement: str) -> tuple[str, str]:
    requirement = requirement.split(";")[0].strip()
    name, spec = re.match(r"([A-Za-z0-9_.\-]+)\s*(.*)", requirement).groups()
    return name.lower().replace("_", "-"), spec.replace(" ", "")


def test_environment_yml_matches_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pip_side = dict(_normalise(r) for r in project["dependencies"])
    for extra in project["optional-dependencies"].values():
        pip_side.update(_normalise(r) for r in extra)
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda_side = {}
    pip_in_conda = []
    for dep in env["dependencies"]:
        if isinstance(dep, dict):
            pip_in_conda += dep["pip"]
        else:
            name, spec = _normalise(dep)
            if name not in ("python", "pip"):
                conda_side[name] = spec
    assert "-e ." in pip_in_conda
    # what conda-forge lacks comes from PyPI through the pip: section, with the same bounds
    conda_side.update(_normalise(r) for r in pip_in_conda if r != "-e .")
    assert conda_side == pip_side


def test_python_floor_matches():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = (ROOT / "environment.yml").read_text()
    floor = project["requires-python"].lstrip(">=")
    assert f"python>={floor}" in env


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebooks_are_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [], f"{path.name}: a code cell has outputs; clear them before committing"
            assert cell.execution_count is None, f"{path.name}: a code cell has an execution count"


def test_readme_has_the_two_commands_and_ci_runs_the_second():
    readme = (ROOT / "README.md").read_text()
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"^\s*(make \w+)\s*$", quick, flags=re.M)
    assert commands == ["make lab", "make test"]
    ci = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test\b", ci, flags=re.M)


def test_every_public_function_has_a_runnable_example():
    import inspect

    import puzzlelib

    for name in puzzlelib.__all__:
        obj = getattr(puzzlelib, name)
        if inspect.isfunction(obj) or inspect.isclass(obj) and obj.__module__.startswith("puzzlelib"):
            doc = inspect.getdoc(obj) or ""
            if inspect.isfunction(obj):
                assert ">>>" in doc, f"puzzlelib.{name} has no example in its docstring"
            else:
                assert doc, f"puzzlelib.{name} has no docstring"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_links_point_to_existing_notebooks(path):
    nb = nbformat.read(path, as_version=4)
    text = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    targets = re.findall(r"\]\(([^)#\s]+\.ipynb)\)", text)
    assert targets, f"{path.name} links to no other notebook"
    for target in targets:
        assert (path.parent / target).exists(), f"{path.name} links to missing {target}"
    summary = text.split("## Summary")[-1]
    assert re.search(r"\]\([^)]+\.ipynb\)", summary), f"{path.name} does not end with a link onwards"
