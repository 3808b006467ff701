// The winking game: a round table in SVG with gazes, winks and glances, and the suitcase.
import { h, namedSeats, pressable, svg } from "../api.js";
import { format, gettext, ngettext } from "../i18n.js";

// Messages of the catalogues, marked with N_ and translated where they are shown (this module
// is loaded before the catalogue is).
const N_ = (message) => message;

const COLOURS = { red: "#c62828", green: "#2e7d32", purple: "#6a1b9a", blue: "#1565c0", yellow: "#f9a825", orange: "#ef6c00", black: "#212121", white: "#f5f5f5" };
const SIZE = 620;
const CENTRE = SIZE / 2;
const RING = 235;

function pretty(id) {
  const text = String(id).replaceAll("_", " ");
  return text[0].toUpperCase() + text.slice(1);
}

// The locations' names, as the game's components file and its catalogue messages give them.
const PLACES = {
  street_cafe: { name: N_("Street café"), the: N_("the street café") },
  metro_station: { name: N_("Metro station"), the: N_("the metro station") },
  kiosk: { name: N_("Kiosk"), the: N_("the kiosk") },
  fountain: { name: N_("Fountain"), the: N_("the fountain") },
};

function place(id) {
  return PLACES[id] ? gettext(PLACES[id].name) : pretty(id);
}

/** A place's name inside its 88-px box: on one line when short, on two when it has words to
 * split ("Stazione / della metro"), squeezed to the box when it is one long word
 * ("Springbrunnen"). */
const LABEL_CHARS = 12;
function setPlaceLabel(text, name) {
  const words = name.split(" ");
  if (name.length <= LABEL_CHARS) {
    text.textContent = name;
    return;
  }
  if (words.length === 1) {
    text.setAttribute("textLength", "80");
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
    text.textContent = name;
    return;
  }
  // Split where the two lines come out most even.
  let cut = 1;
  for (let i = 1; i < words.length; i++) {
    const first = words.slice(0, i).join(" ").length;
    const best = words.slice(0, cut).join(" ").length;
    if (Math.abs(name.length - 2 * first) < Math.abs(name.length - 2 * best)) cut = i;
  }
  text.setAttribute("y", "-2");
  for (const [line, part] of [words.slice(0, cut), words.slice(cut)].entries()) {
    const span = document.createElementNS("http://www.w3.org/2000/svg", "tspan");
    span.setAttribute("x", "0");
    if (line) span.setAttribute("dy", "13");
    span.textContent = part.join(" ");
    if (part.join(" ").length > LABEL_CHARS) {
      span.setAttribute("textLength", "80");
      span.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    text.append(span);
  }
}

function thePlace(id) {
  return PLACES[id] ? gettext(PLACES[id].the) : `the ${pretty(id).toLowerCase()}`;
}

// The signal the table agreed on (rulebook §Alternative Signale: a wink, or a blink, raised
// eyebrows or a nod for a player who cannot wink). On screen it works the same; only its name
// changes, as in the text view.
const SIGNALS = {
  wink: {
    button: N_("Wink"), noun: N_("wink"), who: N_("who winked"), at: N_("winked at"),
    seen: N_("{when}: {player} winked at {target}"), mine: N_("{when}: you winked at {target}"),
    seenAtYou: N_("{when}: {player} winked at you"),
    seenAlone: N_("{when}: {player} winked"), mineAlone: N_("{when}: you winked"),
  },
  blink: {
    button: N_("Blink"), noun: N_("blink"), who: N_("who blinked"), at: N_("blinked at"),
    seen: N_("{when}: {player} blinked at {target}"), mine: N_("{when}: you blinked at {target}"),
    seenAtYou: N_("{when}: {player} blinked at you"),
    seenAlone: N_("{when}: {player} blinked"), mineAlone: N_("{when}: you blinked"),
  },
  eyebrows: {
    button: N_("Raise eyebrows"), noun: N_("raised eyebrows"), who: N_("who raised eyebrows"), at: N_("raised eyebrows at"),
    seen: N_("{when}: {player} raised eyebrows at {target}"), mine: N_("{when}: you raised eyebrows at {target}"),
    seenAtYou: N_("{when}: {player} raised eyebrows at you"),
    seenAlone: N_("{when}: {player} raised eyebrows"), mineAlone: N_("{when}: you raised eyebrows"),
  },
  nod: {
    button: N_("Nod"), noun: N_("nod"), who: N_("who nodded"), at: N_("nodded at"),
    seen: N_("{when}: {player} nodded at {target}"), mine: N_("{when}: you nodded at {target}"),
    seenAtYou: N_("{when}: {player} nodded at you"),
    seenAlone: N_("{when}: {player} nodded"), mineAlone: N_("{when}: you nodded"),
  },
};

/** The table's signal, its words translated. */
function agreed(obs) {
  const words = SIGNALS[obs.signal_style] || SIGNALS.wink;
  return Object.fromEntries(Object.entries(words).map(([key, message]) => [key, gettext(message)]));
}

function seatPoint(seat, frame) {
  const n = frame.observation.players.length;
  const me = frame.you ?? 0;
  // Your own seat sits at the bottom; the others go round clockwise in seat order.
  const angle = Math.PI / 2 + ((seat - me + n) % n) * (2 * Math.PI / n);
  return [CENTRE + RING * Math.cos(angle), CENTRE + RING * Math.sin(angle)];
}

function locationPoint(index) {
  const angle = -Math.PI / 4 + index * (Math.PI / 2);
  return [CENTRE + 78 * Math.cos(angle), CENTRE + 78 * Math.sin(angle)];
}

/** A seat or place on the table: pressed with a finger, a mouse, or Enter and Space; read
 * out with the players' names, as the list of moves shows it. */
function pressableMove(g, move, frame, ctx) {
  pressable(g, namedSeats(move.label, ctx.name, frame.table.players), () => currentAct?.(move.action), "pointerdown");
}
let currentAct = null;
// The accusation being put together in the Catch! lists: kept across the clock's redraws.
let accusing = { winker: "", contact: "" };
// The last event already drawn, so a wink or a catch moves once, never on a redraw (null:
// nothing drawn yet, and the log a page opens with is history, not news).
let drawnUpTo = null;

/** A wink seen blinks the winker's disc; a catch shakes the caught seat and lights up the
 * catcher (a wrong accusation shakes the accuser); a mission met lights up its place. */
function animateNews(drawing, frame, ctx) {
  const log = ctx.log || [];
  const last = log.length ? log[log.length - 1].seq ?? null : null;
  const news = drawnUpTo === null || ctx.replay ? [] : log.filter((e) => e.seq > drawnUpTo);
  drawnUpTo = last ?? drawnUpTo ?? -1;
  const seatG = (seat) => drawing.querySelector(`.wink-seat[data-seat="${seat}"]`);
  for (const e of news) {
    if ((e.kind === "saw_signal" || e.kind === "my_signal") && e.signal === "wink") seatG(e.seat)?.classList.add("winked");
    if (e.kind === "accusation") {
      if (e.correct) {
        seatG(e.winker)?.classList.add("caught");
        seatG(e.accuser)?.classList.add("catcher");
      } else {
        seatG(e.accuser)?.classList.add("caught");
      }
    }
    if (e.kind === "mission" && e.success) drawing.querySelector(`.location[data-location="${e.location}"]`)?.classList.add("met");
  }
}

function legal(frame, predicate) {
  return frame.legal.find((m) => predicate(m.action));
}

function arrow(from, to, cls, shorten = 44) {
  const [x1, y1] = from;
  const [x2, y2] = to;
  const length = Math.hypot(x2 - x1, y2 - y1) || 1;
  const ux = (x2 - x1) / length;
  const uy = (y2 - y1) / length;
  const sx = x1 + ux * shorten;
  const sy = y1 + uy * shorten;
  const ex = x2 - ux * shorten;
  const ey = y2 - uy * shorten;
  return `<line class="${cls}" x1="${sx}" y1="${sy}" x2="${ex}" y2="${ey}" marker-end="url(#head-${cls})"/>`;
}

function gazeTarget(gaze, frame) {
  if (!gaze) return null;
  if (gaze.at === "seat") return seatPoint(gaze.seat, frame);
  if (gaze.at === "location") return locationPoint(frame.observation.locations.indexOf(gaze.location));
  return null;
}

function table(frame, ctx) {
  const obs = frame.observation;
  const parts = [];
  parts.push(`<svg viewBox="0 0 ${SIZE} ${SIZE}" class="wink-svg" role="group" aria-label="">
    <defs>
      ${["mine", "watcher", "theirs"].map((c) => `<marker id="head-${c}" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0L10,5L0,10z" class="head-${c}"/></marker>`).join("")}
    </defs>
    <circle cx="${CENTRE}" cy="${CENTRE}" r="170" class="wink-table"/>`);
  obs.locations.forEach((loc, i) => {
    const [x, y] = locationPoint(i);
    const mine = obs.hand?.location === loc;
    parts.push(`<g class="location${mine ? " mine" : ""}" data-location="${loc}" transform="translate(${x},${y})">
      <rect x="-44" y="-17" width="88" height="34" rx="8"/><text y="5"></text></g>`);
  });
  if (obs.gaze) {
    const me = seatPoint(frame.you, frame);
    for (const watcher of obs.watched_by || []) parts.push(arrow(seatPoint(watcher, frame), me, "watcher"));
    const target = gazeTarget(obs.gaze, frame);
    if (target) parts.push(arrow(me, target, "mine", obs.gaze.at === "location" ? 44 : 44));
    if (obs.gaze.at === "seat" && obs.their_gaze) {
      const theirs = gazeTarget(obs.their_gaze, frame);
      if (theirs) parts.push(arrow(seatPoint(obs.gaze.seat, frame), theirs, "theirs"));
    }
  }
  obs.players.forEach((p, seat) => {
    const [x, y] = seatPoint(seat, frame);
    const fill = COLOURS[p.colour] || p.colour;
    const dark = ["black", "purple", "blue", "red", "green"].includes(p.colour);
    const chips = Array.from({ length: p.chips }, (_, i) => `<circle class="chip-dot" cx="${-14 + i * 14}" cy="52" r="5"/>`).join("");
    parts.push(`<g class="wink-seat${seat === frame.you ? " you" : ""}" data-seat="${seat}" transform="translate(${x},${y})">
      <circle r="38" fill="${fill}" class="seat-disc"/>
      <text y="-4" class="agent ${dark ? "light" : ""}">${p.agent}</text>
      <text y="14" class="points ${dark ? "light" : ""}"></text>
      <text y="-48" class="person"></text>
      ${chips}
      ${obs.holder === seat ? '<g class="suitcase" transform="translate(30,-34)"><rect x="-13" y="-8" width="26" height="18" rx="3"/><path d="M-5,-8v-5h10v5" fill="none"/></g>' : ""}
    </g>`);
  });
  parts.push("</svg>");
  const drawing = svg(parts.join(""));
  // Names and words are set as text, never as markup.
  drawing.setAttribute("aria-label", gettext("The table"));
  for (const g of drawing.querySelectorAll(".location")) setPlaceLabel(g.querySelector("text"), place(g.dataset.location));
  for (const g of drawing.querySelectorAll(".wink-seat")) {
    const seat = Number(g.dataset.seat);
    const points = obs.players[seat].points;
    g.querySelector(".points").textContent = format(ngettext("{count} pt", "{count} pts", points), { count: points });
    g.querySelector(".person").textContent = ctx.name(seat);
    const look = legal(frame, (a) => a.type === "look" && a.seat === seat);
    if (look) {
      g.classList.add("clickable");
      pressableMove(g, look, frame, ctx);
    } else if (seat === frame.you) {
      const cards = legal(frame, (a) => a.type === "look_at_cards");
      if (cards) {
        g.classList.add("clickable");
        pressableMove(g, cards, frame, ctx);
      }
    }
  }
  for (const g of drawing.querySelectorAll(".location")) {
    const move = legal(frame, (a) => a.type === "look_at_location" && a.location === g.dataset.location);
    if (move) {
      g.classList.add("clickable");
      pressableMove(g, move, frame, ctx);
    }
  }
  return drawing;
}

function signalText(signal, obs, ctx) {
  const mine = signal.seat === obs.seat;
  const player = `${ctx.name(signal.seat)} (${obs.players[signal.seat].agent})`;
  // Whom the signal was aimed at: a name, or you, or nobody, each its own sentence, since
  // "you" and "nobody" change form with the verb in German, French and Italian.
  const looked = signal.looking_at?.at === "seat" ? signal.looking_at.seat : null;
  const aim = looked === null ? "alone" : looked === obs.seat ? "you" : "other";
  const target = looked === null ? "" : ctx.name(looked);
  const when = format(gettext("{seconds} s ago"), { seconds: Math.max(0, obs.now - signal.time).toFixed(0) });
  if (signal.signal === "wink") {
    const words = agreed(obs);
    const message = aim === "alone" ? (mine ? words.mineAlone : words.seenAlone) : aim === "you" ? words.seenAtYou : mine ? words.mine : words.seen;
    return format(message, { when, player, target });
  }
  const glances = {
    other: mine ? N_("{when}: you glanced toward {place} (looking at {target})") : N_("{when}: {player} glanced toward {place} (looking at {target})"),
    you: N_("{when}: {player} glanced toward {place} (looking at you)"),
    alone: mine ? N_("{when}: you glanced toward {place}") : N_("{when}: {player} glanced toward {place}"),
  };
  return format(gettext(glances[aim]), { when, player, place: thePlace(signal.location), target });
}

function controls(frame, ctx) {
  const obs = frame.observation;
  if (frame.you === null || ctx.replay) {
    const seen = frame.you === null ? gettext("The table as a spectator saw it.") : format(gettext("The table as {player} saw it."), { player: ctx.name(frame.you) });
    return h("div", { class: "wink-controls" }, h("p", {}, ctx.replay ? seen : gettext("You are watching: hands, gazes and signals stay private.")));
  }
  const hand = obs.hand || {};
  const contact = hand.agent === null || hand.agent === undefined ? null : obs.players[hand.agent];
  const buttons = [];
  const add = (type, text, cls = "") => {
    const move = legal(frame, (a) => a.type === type);
    if (move) buttons.push(h("button", { type: "button", class: cls, onclick: () => ctx.act(move.action) }, text));
  };
  // An eye drawn in SVG: an emoji would show as a box where no emoji font is installed.
  add("wink", [svg('<svg class="signal-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M2 12c3-5 7-7 10-7s7 2 10 7c-3 5-7 7-10 7s-7-2-10-7z" fill="none" stroke="currentColor" stroke-width="2"/><path d="M8 12.5c1.2 1.2 2.5 1.8 4 1.8s2.8-.6 4-1.8" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"/></svg>'), ` ${agreed(obs).button}`], "primary");
  add("glance", gettext("Glance toward my meeting place"));
  add("look_at_cards", gettext("Look at my cards"));
  add("draw", gettext("Draw my cards"), "primary draw");
  for (const m of frame.legal.filter((m) => m.action.type === "mission")) {
    buttons.push(h("button", { type: "button", class: "primary mission", onclick: () => ctx.act(m.action) }, format(gettext("Meet at {place}"), { place: thePlace(m.action.location) })));
  }
  const passes = frame.legal.filter((m) => m.action.type === "pass");
  if (passes.length && contact && !legal(frame, (a) => a.type === "mission")) {
    // The suitcase turn offers no mission yet: say why, as the engine words its refusal.
    const why = gettext("only the player who winked with this agent card may complete its mission");
    buttons.push(h("p", { class: "hint no-mission" }, why[0].toUpperCase() + why.slice(1) + "."));
  }
  for (const m of passes) {
    const a = m.action;
    const text = a.discard_agent && a.discard_location ? gettext("Pass the suitcase (new agent and location)")
      : a.discard_agent ? gettext("Pass the suitcase (new agent card)")
        : a.discard_location ? gettext("Pass the suitcase (new location card)") : gettext("Pass the suitcase");
    buttons.push(h("button", { type: "button", class: "pass", onclick: () => ctx.act(a) }, text));
  }
  const accusations = frame.legal.filter((m) => m.action.type === "accuse");
  let accuse = null;
  if (accusations.length) {
    // Nothing is chosen until the player chooses (an accusation costs a chip), and the
    // choice outlives the redraws the clock makes every tick.
    const winkers = [...new Set(accusations.map((m) => m.action.winker))];
    const choose = () => h("option", { value: "" }, gettext("choose…"));
    const winker = h("select", { "aria-label": agreed(obs).who }, [choose(), ...winkers.map((s) => h("option", { value: s }, ctx.name(s)))]);
    winker.value = winkers.includes(Number(accusing.winker)) && accusing.winker !== "" ? accusing.winker : "";
    const target = h("select", { "aria-label": gettext("at whom") });
    const chips = obs.players[frame.you].chips;
    const button = h("button", { type: "button", onclick: () => {
      accusing = { winker: "", contact: "" };
      ctx.act({ type: "accuse", winker: Number(winker.value), contact: Number(target.value) });
    } }, format(ngettext("Accuse ({count} chip left)", "Accuse ({count} chips left)", chips), { count: chips }));
    const fill = () => {
      const w = winker.value === "" ? null : Number(winker.value);
      const contacts = w === null ? [] : accusations.filter((m) => m.action.winker === w).map((m) => String(m.action.contact));
      target.replaceChildren(choose(), ...contacts.map((c) => h("option", { value: c }, ctx.name(Number(c)))));
      target.value = contacts.includes(accusing.contact) ? accusing.contact : "";
      button.disabled = winker.value === "" || target.value === "";
    };
    winker.addEventListener("change", () => { accusing = { winker: winker.value, contact: "" }; fill(); });
    target.addEventListener("change", () => { accusing = { winker: winker.value, contact: target.value }; fill(); });
    fill();
    accuse = h("div", { class: "accuse" }, gettext("Catch!") + " ", winker, ` ${agreed(obs).at} `, target, " ", button);
  }
  const gaze = obs.gaze ? (obs.gaze.at === "seat" ? ctx.name(obs.gaze.seat) : obs.gaze.at === "location" ? thePlace(obs.gaze.location) : gettext("your cards")) : "—";
  const signals = (obs.signals || []).slice(-6).reverse();
  return h("div", { class: "wink-controls" },
    h("div", { class: "wink-hand" },
      h("div", { class: "wink-card agent-card", style: contact ? `border-color:${COLOURS[contact.colour]}` : "" },
        h("div", { class: "label" }, gettext("your contact (agent card)")),
        contact ? h("strong", {}, `${contact.agent} — ${ctx.name(hand.agent)}`) : h("em", {}, gettext("none yet"))),
      h("div", { class: "wink-card location-card" },
        h("div", { class: "label" }, gettext("your meeting place (location card)")),
        hand.location ? h("strong", {}, place(hand.location)) : h("em", {}, gettext("none yet")))),
    h("p", {}, format(gettext("You are looking at {sight}."), { sight: gaze }) + " ", (obs.watched_by || []).length
      ? format(gettext("Looking at you: {players}."), { players: obs.watched_by.map(ctx.name).join(", ") }) : gettext("Nobody is looking at you.")),
    h("div", { class: "wink-buttons" }, buttons),
    accuse,
    h("div", { class: "label" }, gettext("signals you saw")),
    signals.length ? h("ul", { class: "signals" }, signals.map((s) => h("li", {}, signalText(s, obs, ctx))))
      : h("p", { class: "muted-light" }, format(gettext("none yet: a {signal} is seen only by whoever is already looking"), { signal: agreed(obs).noun })),
  );
}

/** Whether the table waits for this seat (real time has no turns, but the opening round waits
 * for every seat to draw and the suitcase turn for its holder): the tab and the status strip
 * then say "Your move". */
export function waitsFor(frame) {
  return frame.you !== null && frame.legal.some((m) => ["draw", "pass", "mission"].includes(m.action.type));
}

export function render(board, frame, ctx) {
  currentAct = ctx.act;
  const obs = frame.observation;
  const holder = obs.holder === frame.you ? gettext("you") : ctx.name(obs.holder);
  const deadline = obs.turn_deadline ? " · " + format(gettext("turn ends at {seconds} s"), { seconds: obs.turn_deadline.toFixed(0) }) : "";
  const seconds = format(gettext("clock {seconds} s"), { seconds: obs.now.toFixed(0) });
  board.replaceChildren(
    h("div", { class: "wink" },
      h("div", { class: "vault-top" },
        h("span", {}, (obs.opening ? gettext("Opening round") : gettext("Missions")) + " · " + format(gettext("suitcase: {player}"), { player: holder }) + deadline),
        h("span", { class: "phase" }, [obs.mode === "companion" ? gettext("companion mode") : gettext("signals on screen"),
          format(gettext("agreed signal: {signal}"), { signal: agreed(obs).noun }), seconds].join(" · ")),
        h("span", {}, format(gettext("agent deck {agents} · location deck {locations}"), { agents: obs.agent_deck, locations: obs.location_deck }))),
      h("div", { class: "wink-layout" }, table(frame, ctx), controls(frame, ctx))),
  );
  animateNews(board.querySelector(".wink-svg"), frame, ctx);
}

// -- the end screen -------------------------------------------------------------------------

export function endReason(frame) {
  const reason = frame.observation.end_reason;
  // The game's reasons ("an agent card could not be drawn") are catalogue messages.
  return reason ? format(gettext("The game ended because {reason}; most cards won wins."), { reason: gettext(reason) }) : gettext("The game is over; most cards won wins.");
}

/** Cards won per player (agent cards caught or met, location cards), with chips left. */
export function endSummary(frame, ctx) {
  const obs = frame.observation;
  const stats = obs.stats || {};
  return h("div", { class: "wink-end table-wrap", tabindex: "0" },
    h("h3", {}, gettext("Cards won")),
    h("table", { class: "results" },
      h("tr", {}, h("th", {}, gettext("Player")), h("th", {}, gettext("Agent")), h("th", {}, gettext("Cards won")), h("th", {}, gettext("Chips left"))),
      obs.players.map((p, s) => h("tr", {}, h("td", {}, ctx.name(s)), h("td", {}, p.agent), h("td", {}, p.points), h("td", {}, p.chips)))),
    h("p", { class: "ranks-note" },
      format(gettext("Missions met {met}, missed {missed}; catches {catches}, wrong accusations {wrong}."),
        { met: stats.missions ?? 0, missed: stats.failed_missions ?? 0, catches: stats.catches ?? 0, wrong: stats.false_accusations ?? 0 })));
}
