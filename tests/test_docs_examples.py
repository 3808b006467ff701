"""The Python examples in the docs run as written."""

import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```python\n(.*?)```", re.S)


def examples():
    for page in sorted(DOCS.rglob("*.md")):
        for index, code in enumerate(BLOCK.findall(page.read_text())):
            yield pytest.param(code, id=f"{page.relative_to(DOCS)}#{index}")


@pytest.mark.parametrize("code", list(examples()))
def test_doc_example_runs(code, capsys):
    exec(compile(code, "<docs>", "exec"), {})
    assert capsys.readouterr().out.strip()
