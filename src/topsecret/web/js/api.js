// Small helpers shared by every page: HTTP calls, the seat token kept in this browser, DOM.

export async function api(path, options = {}) {
  const response = await fetch(path, {
    headers: { "Content-Type": "application/json" },
    ...options,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
      : data.detail;
    throw new Error(detail || `request failed (${response.status})`);
  }
  return data;
}

const KEY = (tableId) => `topsecret.seat.${tableId}`;

/** The seat this browser holds at a table: {seat, token, name}, or null. */
export function loadSeat(tableId) {
  try {
    return JSON.parse(localStorage.getItem(KEY(tableId)) || "null");
  } catch {
    return null;
  }
}

export function saveSeat(tableId, seat) {
  localStorage.setItem(KEY(tableId), JSON.stringify(seat));
}

export function forgetSeat(tableId) {
  localStorage.removeItem(KEY(tableId));
}

/** Build an element: h("div", {class: "x", onclick: f}, child, "text", ...). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "class") el.className = value;
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

/** An SVG element from markup (trusted, built by our own code only). */
export function svg(markup) {
  const template = document.createElement("template");
  template.innerHTML = markup.trim();
  return template.content.firstElementChild;
}

/** A bot's name as people read it: "heuristic" -> "Heuristic", "ismcts:ms=100" -> "Ismcts". */
export function botLabel(bot) {
  const base = String(bot).split(":")[0].replaceAll("_", " ");
  return base[0].toUpperCase() + base.slice(1);
}

export function seatName(table, seat, you) {
  if (seat === null || seat === undefined) return "spectator";
  const info = table.seats[seat];
  const bot = info?.bot ? `${botLabel(info.bot)} bot ${seat + 1}` : null;
  const base = bot || info?.name || `Player ${seat + 1}`;
  return seat === you ? `${base} (you)` : base;
}

/** Events that are table chatter (who looks where, who has chosen): folded in the log. */
const CHATTER = new Set(["chosen", "my_choice", "gaze", "looked_at", "look_away"]);

export function isChatter(event) {
  return CHATTER.has(event.kind);
}

/** One log line for an event, in the words of the game when it has them. */
export function eventText(event, name, players) {
  if (event.kind === "deal_scored" && Array.isArray(event.scores) && Array.isArray(event.totals)) {
    const each = (list) => list.map((v, s) => `${name(s)} ${v}`).join(", ");
    return `Deal ${event.deal} scored: ${each(event.scores)}. Totals: ${each(event.totals)}`;
  }
  if (event.kind === "concede" && typeof event.seat === "number") {
    // The seat's name, and "You" for the seat at this browser, in place of "Seat N".
    const who = name(event.seat);
    return /\(you\)$/.test(who) ? "You go no higher" : `${who} goes no higher`;
  }
  if (event.text) {
    // Games speak of "seat N"; people see the names at the table instead.
    // "Seat 2 takes…" at the start of a sentence is a seat too.
    const text = event.text.replace(/\bseat (\d+)\b/gi, (whole, n) => (Number(n) < players ? name(Number(n)) : whole));
    return text[0].toUpperCase() + text.slice(1);
  }
  if (event.kind === "chosen") return `${name(event.seat)} has chosen`;
  if (event.kind === "my_choice") return "You made your choice (hidden until all have chosen)";
  const data = Object.entries(event).filter(([k]) => !["seq", "kind", "audience", "quiet", "text"].includes(k));
  const shown = data.map(([k, v]) => `${k.replaceAll("_", " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${event.kind.replaceAll("_", " ")}${shown.length ? ": " + shown.join(", ") : ""}`;
}
