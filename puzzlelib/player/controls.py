"""Two controls the standard widgets lack, written as small `anywidget <https://anywidget.dev>`_ widgets.

* :class:`ArrowKeys` hands the arrow keys to Python while the keyboard focus is inside the board (or the
  pointer is over it), so the player works from the keyboard alone.
* :class:`DepthSlider` is a native ``<input type="range">`` with a ``<label>``: a screen reader reads
  its name and its value text, which ipywidgets' ``IntSlider`` handle does not give.

Both work offline: their JavaScript is a string in this file, which anywidget hands to the browser.
"""
from __future__ import annotations

import anywidget
import traitlets

from puzzlelib.core.errors import whole_number

__all__ = ["ARROWS", "ArrowKeys", "DepthSlider"]

ARROWS = ("ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown")

_KEYS_JS = r"""
const ARROWS = new Set(["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown"]);
const EDITABLE = "input, textarea, select, [contenteditable=''], [contenteditable='true']";

function render({ model, el }) {
  el.hidden = true;                       // nothing to see: it only listens
  const onKey = (event) => {
    if (!ARROWS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const selector = model.get("target");
    const target = selector ? document.querySelector(selector) : null;
    if (!target) return;
    const active = document.activeElement;
    const focused = active && target.contains(active);
    const typing = active && active.matches && active.matches(EDITABLE);
    if (!focused && !(target.matches(":hover") && !typing)) return;
    // Several views of one player would each hear the key: the first one sends it.
    event.puzzleKeysSent = event.puzzleKeysSent || new Set();
    if (event.puzzleKeysSent.has(selector)) return;
    event.puzzleKeysSent.add(selector);
    event.preventDefault();               // no page scroll, no notebook cell change
    event.stopPropagation();
    model.send({ key: event.key });
  };
  // On window, in the capture phase: before any listener on document, such as the key bindings of
  // Jupyter Notebook 7, which would move the cell selection (and the focus) first.
  window.addEventListener("keydown", onKey, true);
  return () => window.removeEventListener("keydown", onKey, true);
}
export default { render };
"""

_SLIDER_JS = r"""
let count = 0;
function render({ model, el }) {
  const id = `puzzle-depth-${++count}-${Math.random().toString(36).slice(2, 8)}`;
  const label = document.createElement("label");
  label.htmlFor = id;
  const input = document.createElement("input");
  input.type = "range";
  input.id = id;
  input.step = 1;
  const shown = document.createElement("output");
  shown.htmlFor = id;
  shown.setAttribute("aria-hidden", "true");   // the slider itself says its value
  el.classList.add("puzzle-depth");
  el.append(label, input, shown);
  const draw = () => {
    label.textContent = model.get("description");
    input.min = model.get("min");
    input.max = model.get("max");
    input.value = model.get("value");
    input.setAttribute("aria-valuetext", model.get("value_text") || String(model.get("value")));
    shown.textContent = String(model.get("value"));
  };
  input.addEventListener("change", () => {
    model.set("value", Number(input.value));
    model.save_changes();
  });
  input.addEventListener("input", () => { shown.textContent = input.value; });
  for (const name of ["value", "min", "max", "description", "value_text"]) model.on(`change:${name}`, draw);
  draw();
}
export default { render };
"""

_SLIDER_CSS = """
.puzzle-depth { display: flex; align-items: center; gap: 0.6em; margin: 4px 0; padding: 8px 6px; font-size: 15px; }
.puzzle-depth input[type=range] { width: 320px; accent-color: #0072B2; }
.puzzle-depth input[type=range]:focus-visible { outline: 3px solid #0072B2; outline-offset: 3px; }
.puzzle-depth output { min-width: 2.5em; font-variant-numeric: tabular-nums; }
"""


class ArrowKeys(anywidget.AnyWidget):
    """Arrow keys pressed inside the element that matches ``target`` (a CSS selector), sent to ``on_key``.

    The browser side listens while the keyboard focus is inside that element, or the pointer is over it
    and no text field has the focus. It shows nothing.

    >>> keys = ArrowKeys(".my-board", on_key=print)
    >>> keys.target
    '.my-board'
    >>> keys.receive({"key": "ArrowUp"})
    ArrowUp
    >>> keys.receive({"key": "Enter"})      # only the four arrows are passed on
    """

    _esm = _KEYS_JS
    target = traitlets.Unicode("").tag(sync=True)

    def __init__(self, target: str, *, on_key):
        if not isinstance(target, str) or not target.strip():
            raise TypeError(f"target is a CSS selector (a non-empty string), got {target!r}")
        if not callable(on_key):
            raise TypeError(f"on_key is a function of one key name, got {on_key!r}")
        super().__init__(target=target)
        self._on_key = on_key
        self.on_msg(lambda _widget, content, _buffers: self.receive(content))

    def receive(self, content) -> None:
        """Pass ``content["key"]`` to ``on_key`` if it is one of the four arrow keys; ignore anything else."""
        key = content.get("key") if isinstance(content, dict) else None
        if key in ARROWS:
            self._on_key(key)


class DepthSlider(anywidget.AnyWidget):
    """A whole-number slider that a screen reader can name and read: ``<label>`` plus ``<input type=range>``.

    ``value_text`` is what a screen reader says for the value (``aria-valuetext``).

    >>> s = DepthSlider(description="BFS depth", max=21)
    >>> s.value, s.min, s.max
    (0, 0, 21)
    >>> s.value = 30                        # kept within min and max
    >>> s.value
    21
    """

    _esm = _SLIDER_JS
    _css = _SLIDER_CSS
    value = traitlets.Int(0).tag(sync=True)
    min = traitlets.Int(0).tag(sync=True)
    max = traitlets.Int(100).tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    value_text = traitlets.Unicode("").tag(sync=True)

    def __init__(self, *, description: str, value: int = 0, min: int = 0, max: int = 100):  # noqa: A002
        if not isinstance(description, str) or not description.strip():
            raise TypeError(f"description is the slider's name (a non-empty string), got {description!r}")
        value, min, max = (whole_number(n, name) for n, name in ((value, "value"), (min, "min"), (max, "max")))
        if min > max:
            raise ValueError(f"min ({min}) is above max ({max})")
        super().__init__(description=description, min=min, max=max, value=value)

    @traitlets.validate("value")
    def _clamp(self, proposal):
        return max(self.min, min(self.max, proposal["value"]))
