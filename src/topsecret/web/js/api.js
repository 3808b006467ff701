// Small helpers shared by every page: HTTP calls, the seat token kept in this browser, DOM.
import { format, gettext } from "./i18n.js";

export async function api(path, options = {}) {
  const response = await fetch(path, {
    // The server writes its error messages in the page's language.
    headers: { "Content-Type": "application/json", "Accept-Language": document.documentElement.lang || "en" },
    ...options,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) {
    const detail = Array.isArray(data.detail)
      ? data.detail.map((d) => `${d.loc.slice(1).join(".")}: ${d.msg}`).join("; ")
      : data.detail;
    throw new Error(detail || format(gettext("request failed ({status})"), { status: response.status }));
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
  // Taken into this page's document: an element still owned by the template's inert
  // document animates on a timeline that never runs, so a slide started before the drawing
  // is placed would hold its piece at the first keyframe.
  return document.importNode(template.content.firstElementChild, true);
}

/** A drawn piece (a city, a seat, a room) made a button for every hand: `on` (a click, or
 * "pointerdown" where a bot's move must not win the race), Enter and Space, with `label`
 * read out by screen readers, as the list of moves words it. */
export function pressable(element, label, run, on = "click") {
  element.setAttribute("tabindex", "0");
  element.setAttribute("role", "button");
  element.setAttribute("aria-label", label);
  element.addEventListener(on, run);
  element.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      run(event);
    }
  });
}

// Messages of the catalogues, marked with N_ and translated where they are shown (this
// module is loaded before the catalogue is).
export const N_ = (message) => message;
// The bots' kinds in words (lower case: a sentence may put them anywhere).
const BOT_KINDS = {
  easy: N_("easy"), medium: N_("medium"), hard: N_("hard"), heuristic: N_("heuristic"),
  random: N_("random"), ismcts: N_("searching"),
};

/** A message shown on its own, as a sentence: "Slow down: ..." for the server's "slow down: ...". */
export function capitalized(text) {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A bot's name as people read it: "heuristic" -> "Heuristic", "ismcts:ms=100" -> "Searching". */
export function botLabel(bot) {
  const kind = String(bot).split(":")[0];
  return capitalized(BOT_KINDS[kind] ? gettext(BOT_KINDS[kind]) : kind.replaceAll("_", " "));
}

/** "Heuristic bot 2": a bot's seat, counted from 1. */
export function botSeatName(bot, seat) {
  const kind = String(bot).split(":")[0];
  const words = BOT_KINDS[kind] ? gettext(BOT_KINDS[kind]) : kind.replaceAll("_", " ");
  return capitalized(format(gettext("{bot} bot {seat}"), { bot: words, seat: seat + 1 }));
}

/** "Heuristic bot": a bot in a list of seats. */
export function botName(bot) {
  const kind = String(bot).split(":")[0];
  const words = BOT_KINDS[kind] ? gettext(BOT_KINDS[kind]) : kind.replaceAll("_", " ");
  return capitalized(format(gettext("{bot} bot"), { bot: words }));
}

/** "Player 3", for a seat nobody named, counted from 1. */
export function playerName(seat) {
  return format(gettext("Player {seat}"), { seat: seat + 1 });
}

/** "Ann (you)": the reader's own seat. */
export function youName(name) {
  return format(gettext("{player} (you)"), { player: name });
}

export function seatName(table, seat, you) {
  if (seat === null || seat === undefined) return gettext("spectator");
  const info = table.seats[seat];
  const bot = info?.bot ? botSeatName(info.bot, seat) : null;
  const base = bot || info?.name || playerName(seat);
  return seat === you ? youName(base) : base;
}

/** Events that are table chatter (who looks where, who has chosen): folded in the log.
 * At the winking table: a turn of the eyes, their arrival ("Your eyes are now on…", the
 * seat's own), being looked at and being looked away from. */
const CHATTER = new Set(["chosen", "my_choice", "gaze", "gaze_arrived", "looked_at", "look_away"]);

export function isChatter(event) {
  return CHATTER.has(event.kind);
}

/**
 * Games' texts speak of "seat N", counting from 1 as players do ("Seat 1 takes…" is the
 * engine's seat 0), in the reader's language ("joueur 1", "Spieler 1"); people see the names
 * at the table instead. A text marks the reader's own seat "seat N (you)": that is the seat's
 * name too, which already says whose page it is ("Bob (you)"), so the mark is not said twice.
 */
export function namedSeats(text, name, players) {
  const escape = (part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let out = text;
  const words = [gettext("seat {seat} (you)"), "seat {seat} (you)", gettext("seat {seat}"), "seat {seat}"];
  for (const word of new Set(words)) {
    const [before, after = ""] = word.split("{seat}");
    // Whole words only, letters of any alphabet: "Spieler 2" but not "Mitspieler 2".
    const pattern = new RegExp(`(?<![\\p{L}])${escape(before)}(\\d+)${escape(after)}(?![\\p{L}\\d])`, "giu");
    out = out.replace(pattern, (whole, n) => {
      const seat = Number(n) - 1;
      return seat >= 0 && seat < players ? name(seat) : whole;
    });
  }
  return out;
}

/** One log line for an event, in the words of the game when it has them. */
export function eventText(event, name, players) {
  if (event.kind === "deal_scored" && Array.isArray(event.scores) && Array.isArray(event.totals)) {
    const each = (list) => list.map((v, s) => `${name(s)} ${v}`).join(", ");
    return format(gettext("Deal {deal} scored: {scores}. Totals: {totals}"), { deal: event.deal, scores: each(event.scores), totals: each(event.totals) });
  }
  if (event.kind === "concede" && typeof event.seat === "number") {
    // The seat's name, and "You" for the seat at this browser (its name ends in "(you)").
    const who = name(event.seat);
    return who.endsWith(youName("")) ? gettext("You go no higher") : format(gettext("{player} goes no higher"), { player: who });
  }
  if (event.text) {
    const text = namedSeats(event.text, name, players);
    return text[0].toUpperCase() + text.slice(1);
  }
  if (event.kind === "chosen") return format(gettext("{player} has chosen"), { player: name(event.seat) });
  if (event.kind === "my_choice") return gettext("You made your choice (hidden until all have chosen)");
  const data = Object.entries(event).filter(([k]) => !["seq", "kind", "audience", "quiet", "text"].includes(k));
  const shown = data.map(([k, v]) => `${k.replaceAll("_", " ")} ${typeof v === "object" ? JSON.stringify(v) : v}`);
  return `${event.kind.replaceAll("_", " ")}${shown.length ? ": " + shown.join(", ") : ""}`;
}
