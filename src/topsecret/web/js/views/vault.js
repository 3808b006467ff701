// The vault card game: your hand, everyone's face-up cards and safes, the last trick.
import { h, svg } from "../api.js";
import { format, gettext, ngettext } from "../i18n.js";

const ICONS = {
  document: '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M8 3h12l6 6v20H8z" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M20 3v6h6M11 15h12M11 19h12M11 23h8" stroke="currentColor" stroke-width="2" fill="none"/></svg>',
  assassin: '<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="10" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="16" cy="16" r="2.5" fill="currentColor"/><path d="M16 2v8M16 22v8M2 16h8M22 16h8" stroke="currentColor" stroke-width="2.4"/></svg>',
  mole: '<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="13" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M19 19l9 9" stroke="currentColor" stroke-width="3.4" stroke-linecap="round"/></svg>',
  special_agent: '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M16 3l3.8 8.2 9 1-6.7 6.1 1.9 8.9L16 22.7 8 27.2l1.9-8.9-6.7-6.1 9-1z" fill="currentColor"/></svg>',
  safe: '<svg viewBox="0 0 32 32" aria-hidden="true"><rect x="4" y="5" width="24" height="22" rx="2" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="16" cy="16" r="5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M16 11v3M21 16h-3" stroke="currentColor" stroke-width="2"/></svg>',
};
// What each card does, for its tooltip (Rulebook 002, in short; the Rules button has more).
// Messages of the catalogues, marked for extraction with N_ and translated where they are
// shown: the catalogue is loaded after this module is.
const N_ = (message) => message;
const EFFECTS = {
  document: N_("lands face up; bank it (×1) or pair it with the same value (×2)"),
  special_agent: N_("lands face up and pairs with any document as a joker; no assassin destroys it"),
  assassin: N_("BOOM: destroys every face-up card outside the safes, except special agents and the card under one"),
  mole: N_("if no assassin is played, steals a document or special agent an opponent has just played"),
  safe: N_("cards locked here always count"),
};
const NAMES = { document: N_("Document"), assassin: N_("Assassin"), mole: N_("Mole"), special_agent: N_("Agent"), safe: N_("Safe") };
const SHORT = { document: N_("Doc"), assassin: N_("Assassin"), mole: N_("Mole"), special_agent: N_("Agent"), safe: N_("Safe") };
// A card's name in a sentence, as the Python side names it (games/vault/text.py).
const SENTENCE = { assassin: N_("assassin"), mole: N_("mole"), special_agent: N_("special agent"), safe: N_("safe") };
const COLOURS = { crimson: N_("crimson"), cobalt: N_("cobalt"), emerald: N_("emerald"), amber: N_("amber"), violet: N_("violet"), slate: N_("slate") };

function label(card) {
  return card.kind === "document" ? format(gettext("document {value}"), { value: card.value }) : gettext(SENTENCE[card.kind] || card.kind);
}

function colour(name) {
  return COLOURS[name] ? gettext(COLOURS[name]) : name;
}

/** The name printed on a card; a long one (a language's word for it) is set tighter so it
 * stays inside the card. */
function nameOf(card, small) {
  const name = gettext((small ? SHORT : NAMES)[card.kind] || card.kind);
  const [long, longer] = small ? [6, 8] : [8, 11];
  const fit = name.length > longer ? " longer" : name.length > long ? " long" : "";
  return h("span", { class: `name${fit}` }, name);
}

/** A card as drawn at the table (exported for the layout tests, which measure its name). */
export function cardFace(card, { small = false, onclick = null, playable = false, disabled = false } = {}) {
  const cls = `card k-${card.kind} c-${card.colour}${small ? " small" : ""}${playable ? " playable" : ""}`;
  const parts = [
    h("span", { class: "value" }, card.kind === "document" ? card.value : ""),
    svg(ICONS[card.kind] || ICONS.document),
    nameOf(card, small),
  ];
  const title = format(gettext("{card} ({colour}): {effect}"), { card: label(card), colour: colour(card.colour), effect: EFFECTS[card.kind] ? gettext(EFFECTS[card.kind]) : "" });
  if (onclick || disabled) {
    return h("button", { class: cls, type: "button", title, "aria-label": format(gettext("Play {card}"), { card: label(card) }), disabled: disabled || undefined, onclick }, parts);
  }
  return h("div", { class: cls, title }, parts);
}

function cards(list, options) {
  if (!list.length) return h("div", { class: "cards" }, h("span", { class: "empty" }, gettext("none")));
  return h("div", { class: "cards" }, list.map((c) => cardFace(c, options)));
}

function handSummary(byKind) {
  const order = Object.entries(byKind).sort();
  return order.map(([key, n]) => {
    const [kind, value] = key.split(":");
    const name = kind === "document" ? format(gettext("document {value}"), { value }) : gettext(SENTENCE[kind] || kind);
    return `${n}× ${name}`;
  }).join(", ");
}

function findLegal(frame, predicate) {
  return frame.legal.find((m) => predicate(m.action));
}

function prompt(frame, ctx) {
  const obs = frame.observation;
  const you = frame.you;
  if (ctx.replay) {
    if (you === null) return h("div", { class: "prompt" }, gettext("The table as a spectator saw it."));
    return h("div", { class: "prompt" }, format(gettext("The table as {player} saw it."), { player: ctx.name(you) }));
  }
  if (you === null) return h("div", { class: "prompt" }, gettext("You are watching: hands and hidden choices stay hidden."));
  if (obs.over) return h("div", { class: "prompt" }, gettext("The game is over."));
  const step = obs.step;
  if (step && step.my_choice) {
    const waiting = step.waiting.map(ctx.name).join(", ");
    if (!waiting) return h("div", { class: "prompt" }, gettext("Your choice is in. Waiting for the reveal."));
    return h("div", { class: "prompt" }, format(gettext("Your choice is in. Waiting for {players}."), { players: waiting }));
  }
  if (!frame.legal.length) return h("div", { class: "prompt" }, gettext("Wait for the others."));
  if (obs.phase === "play") return h("div", { class: "prompt" }, gettext("Choose a card to play: everyone reveals at once."));
  if (obs.phase === "steal") return h("div", { class: "prompt" }, gettext("Your mole got in! Choose whose card to steal (buttons under their cards)."));
  if (obs.phase === "bank") {
    const bank = findLegal(frame, (a) => a.type === "bank");
    const keep = findLegal(frame, (a) => a.type === "keep");
    return h("div", { class: "prompt" },
      gettext("Your new face-up card: lock it in your safe now (×1), or keep it out hoping to pair it (×2)?"),
      h("span", { class: "choice-buttons" },
        bank && h("button", { type: "button", class: "primary", onclick: () => ctx.act(bank.action) }, gettext("Bank it (×1)")),
        keep && h("button", { type: "button", onclick: () => ctx.act(keep.action) }, gettext("Keep it face up"))));
  }
  return h("div", { class: "prompt" }, gettext("Your move."));
}

function seatPanel(seatObs, frame, ctx) {
  const obs = frame.observation;
  const s = seatObs.seat;
  const step = obs.step;
  // Nobody is thinking while the table still waits for players to join, nor in a replay.
  const thinking = frame.table.status === "playing" && !!step?.waiting.includes(s);
  let state = "";
  if (step?.chosen.includes(s)) state = gettext("has chosen ✓");
  else if (thinking) state = gettext("thinking…");
  const steal = findLegal(frame, (a) => a.type === "steal" && a.target === s);
  return h("div", { class: `vseat${s === frame.you ? " you" : ""}${thinking ? " thinking" : ""}`, dataset: { seat: s } },
    h("div", { class: "vseat-head" },
      h("span", { class: "who" }, ctx.name(s)),
      // The safe lies face up (rulebook, Préparation): its colour says whose cards are whose.
      // Only the swatch takes the safe's colour: dark blue or slate words on the green
      // felt could hardly be read.
      seatObs.safe && h("span", { class: "safe-colour", title: format(gettext("{colour} safe: this seat's own cards are {colour}"), { colour: colour(seatObs.safe) }) },
        h("span", { class: "swatch-mark", style: `color: var(--${seatObs.safe})`, "aria-hidden": "true" }, "■"), ` ${colour(seatObs.safe)}`),
      h("span", { class: "pts", title: gettext("total (this deal)") }, format(gettext("{total} pts (+{deal})"), { total: seatObs.total, deal: seatObs.deal_score }))),
    h("div", { class: "hand-summary", title: handSummary(seatObs.hand_by_kind) },
      format(ngettext("{count} card in hand", "{count} cards in hand", seatObs.hand_size), { count: seatObs.hand_size }) + (state ? ` · ${state}` : "")),
    h("div", { class: "label" }, gettext("face up")),
    cards(seatObs.face_up, { small: true }),
    h("div", { class: "label" }, gettext("safe")),
    h("div", { class: "safe" },
      h("div", {}, h("div", { class: "label" }, "×1"), cards(seatObs.x1, { small: true })),
      h("div", {}, h("div", { class: "label" }, gettext("×2 pairs")),
        seatObs.x2.length
          ? h("div", { class: "cards" }, seatObs.x2.map((pair) => h("span", { class: "pair" }, pair.map((c) => cardFace(c, { small: true })))))
          : h("div", { class: "cards" }, h("span", { class: "empty" }, gettext("none"))))),
    steal && h("button", { type: "button", class: "steal-button", onclick: () => ctx.act(steal.action) }, stealText(obs, s, ctx)),
  );
}

/** "Steal document 20 from Bob": the card the mole would take, the one that seat has just
 * played, named as the terminal names it. */
function stealText(obs, seat, ctx) {
  const card = obs.last_trick?.played?.[String(seat)];
  return card
    ? format(gettext("Steal {card} from {player}"), { card: label(card), player: ctx.name(seat) })
    : format(gettext("Steal from {player}"), { player: ctx.name(seat) });
}

// The trick last drawn, so a reveal, a bomb or a steal animates once, not on every redraw.
let shownTrick = null;
// Totals when last drawn, so a seat whose score changed flashes once.
let shownTotals = null;

function lastTrick(obs, ctx) {
  const last = obs.last_trick;
  if (!last) return h("div", { class: "last-trick" }, h("strong", {}, gettext("No trick played yet in this deal.")));
  const key = `${obs.deal}:${last.trick}`;
  const fresh = !ctx.replay && shownTrick !== null && shownTrick !== key;
  shownTrick = key;
  return h("div", { class: `last-trick${fresh ? " fresh" : ""}${last.boom ? " boomed" : ""}` },
    h("strong", {}, format(gettext("Trick {trick}: "), { trick: last.trick })), last.boom ? h("span", { class: "boom" }, " " + gettext("BOOM!") + " ") : "",
    h("div", { class: "played" },
      Object.entries(last.played).map(([s, c]) => h("figure", {}, cardFace(c, { small: true }), h("figcaption", {}, ctx.name(Number(s)))))),
    last.steals.length ? h("div", { class: "steal-line" }, last.steals.map((st) => {
      const line = st.card ? gettext("{thief} stole {card} from {victim}.") : gettext("{thief} stole a card from {victim}.");
      return `${format(line, { thief: ctx.name(st.thief), card: st.card ? label(st.card) : "", victim: ctx.name(st.victim) })} `;
    })) : "",
    last.destroyed.length ? h("div", {}, format(gettext("Destroyed: {cards}"), { cards: last.destroyed.map(label).join(", ") })) : "",
  );
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const phaseText = { play: gettext("choose a card"), steal: gettext("moles at work"), bank: gettext("bank or keep"), over: gettext("game over") }[obs.phase] || obs.phase;
  const top = h("div", { class: "vault-top" },
    h("span", {}, format(gettext("Deal {deal} · trick {trick} of {tricks}"), { deal: obs.deal, trick: Math.min(obs.trick, obs.tricks_per_deal), tricks: obs.tricks_per_deal })),
    h("span", { class: "phase" }, phaseText),
    h("span", {}, obs.single_deal ? gettext("one deal") : format(gettext("deals until someone reaches {target}"), { target: obs.target })),
    h("span", {}, obs.stolen === "face_up" ? gettext("stolen cards lie face up") : gettext("stolen cards lie hidden")));
  // Your hand comes right under the heading: every trick asks for a card, so it is never
  // below the fold, whatever the number of players.
  let mine;
  if (frame.you !== null && obs.hand) {
    const playable = (card) => findLegal(frame, (a) => a.type === "play" && a.card === card.kind && (a.value ?? 0) === card.value);
    mine = h("div", { class: "my-area" },
      prompt(frame, ctx),
      h("div", { class: "label" }, gettext("your hand")),
      h("div", { class: "hand", id: "hand", role: "toolbar", "aria-label": gettext("your hand"), onkeydown: stepThroughHand },
        obs.hand.map((card) => {
          const move = playable(card);
          if (ctx.replay || ctx.readOnly) return cardFace(card);
          return cardFace(card, { playable: !!move, disabled: !move, onclick: move ? () => ctx.act(move.action) : null });
        })));
    // One Tab stop for the whole hand, as a toolbar has: the arrows move within it.
    mine.querySelectorAll("#hand button.playable").forEach((card, i) => { card.tabIndex = i === 0 ? 0 : -1; });
  } else {
    mine = h("div", { class: "my-area" }, prompt(frame, ctx));
  }
  const panels = obs.seats.map((s) => seatPanel(s, frame, ctx));
  if (!ctx.replay && shownTotals) {
    obs.seats.forEach((s, i) => { if (shownTotals[i] !== undefined && shownTotals[i] !== `${s.total}/${s.deal_score}`) panels[i].classList.add("fresh-score"); });
  }
  shownTotals = obs.seats.map((s) => `${s.total}/${s.deal_score}`);
  const children = [top, mine, lastTrick(obs, ctx), h("div", { class: "vault-seats" }, panels)];
  board.replaceChildren(h("div", { class: "vault" }, children));
}

/** Left and right arrows move between the playable cards of the hand, Home and End to the
 * first and the last, as in a toolbar, so a keyboard player need not Tab through every
 * card; the card reached is the hand's one Tab stop. */
function stepThroughHand(event) {
  const cards = [...event.currentTarget.querySelectorAll("button.playable")];
  const at = cards.indexOf(document.activeElement);
  if (at < 0) return;
  const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: cards.length - 1 }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  const next = cards[(to + cards.length) % cards.length];
  for (const card of cards) card.tabIndex = card === next ? 0 : -1;
  next.focus();
}

// -- the end screen -------------------------------------------------------------------------

/** Why the game ended: the target reached, or the single deal played. */
export function endReason(frame) {
  const obs = frame.observation;
  if (obs.single_deal) return gettext("The single deal was played and scored; the highest total wins.");
  return format(ngettext(
    "After {count} deal a total reached {target} points; the highest total wins.",
    "After {count} deals a total reached {target} points; the highest total wins.",
    obs.deal), { count: obs.deal, target: obs.target });
}

/** Every deal's points per player, each followed by its split into the ×1 and ×2 sides
 * (`deal_sides`: what each seat's safe held when that deal was counted). */
export function endSummary(frame, ctx) {
  const obs = frame.observation;
  const seats = obs.seats.map((s) => s.seat);
  const deals = obs.deal_scores || [];
  const sides = obs.deal_sides || [];
  const split = (d) => sides[d]
    ? h("tr", { class: "detail" }, h("td", {}, format(gettext("Deal {deal}: ×1 + ×2"), { deal: d + 1 })),
      sides[d].map((x) => h("td", {}, `${x.x1} + ${x.x2}`, h("div", { class: "why" }, format(ngettext("{count} pair doubled", "{count} pairs doubled", x.pairs), { count: x.pairs })))))
    : null;
  return h("div", { class: "vault-end table-wrap", tabindex: "0" },
    h("h3", {}, gettext("Points deal by deal")),
    h("table", { class: "results" },
      h("tr", {}, h("th", {}, gettext("Deal")), seats.map((s) => h("th", {}, ctx.name(s)))),
      deals.map((row, d) => [h("tr", {}, h("td", {}, format(gettext("Deal {deal}"), { deal: d + 1 })), row.map((v) => h("td", {}, v))), split(d)]),
      h("tr", { class: "total" }, h("td", {}, gettext("Total")), (obs.totals || obs.seats.map((s) => s.total)).map((v) => h("td", {}, v)))));
}
