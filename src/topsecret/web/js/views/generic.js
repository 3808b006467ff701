// The fallback view for any game: the observation as readable data (moves are in the side panel).
import { h } from "../api.js";
import { gettext } from "../i18n.js";

function show(value) {
  if (value === null || value === undefined) return h("span", { class: "muted" }, "—");
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v !== "object" || v === null)) return value.join(", ") || "—";
    return h("ol", {}, value.map((v) => h("li", {}, show(v))));
  }
  if (typeof value === "object") {
    return h("dl", {}, Object.entries(value).flatMap(([k, v]) => [h("dt", {}, k.replaceAll("_", " ")), h("dd", {}, show(v))]));
  }
  return String(value);
}

export function render(board, frame) {
  board.replaceChildren(
    h("div", { class: "generic" },
      h("h2", {}, frame.table.title),
      h("p", {}, gettext("What you can see of the table:")),
      show(frame.observation)),
  );
}
