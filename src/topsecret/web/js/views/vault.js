// The vault card game: your hand, everyone's face-up cards and safes, the last trick.
import { h, svg } from "../api.js";

const ICONS = {
  document: '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M8 3h12l6 6v20H8z" fill="none" stroke="currentColor" stroke-width="2.2"/><path d="M20 3v6h6M11 15h12M11 19h12M11 23h8" stroke="currentColor" stroke-width="2" fill="none"/></svg>',
  assassin: '<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="16" cy="16" r="10" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="16" cy="16" r="2.5" fill="currentColor"/><path d="M16 2v8M16 22v8M2 16h8M22 16h8" stroke="currentColor" stroke-width="2.4"/></svg>',
  mole: '<svg viewBox="0 0 32 32" aria-hidden="true"><circle cx="13" cy="13" r="8" fill="none" stroke="currentColor" stroke-width="2.6"/><path d="M19 19l9 9" stroke="currentColor" stroke-width="3.4" stroke-linecap="round"/></svg>',
  special_agent: '<svg viewBox="0 0 32 32" aria-hidden="true"><path d="M16 3l3.8 8.2 9 1-6.7 6.1 1.9 8.9L16 22.7 8 27.2l1.9-8.9-6.7-6.1 9-1z" fill="currentColor"/></svg>',
  safe: '<svg viewBox="0 0 32 32" aria-hidden="true"><rect x="4" y="5" width="24" height="22" rx="2" fill="none" stroke="currentColor" stroke-width="2.4"/><circle cx="16" cy="16" r="5" fill="none" stroke="currentColor" stroke-width="2"/><path d="M16 11v3M21 16h-3" stroke="currentColor" stroke-width="2"/></svg>',
};
const NAMES = { document: "Document", assassin: "Assassin", mole: "Mole", special_agent: "Agent", safe: "Safe" };
const SHORT = { document: "Doc", assassin: "Killer", mole: "Mole", special_agent: "Agent", safe: "Safe" };

function label(card) {
  return card.kind === "document" ? `document ${card.value}` : NAMES[card.kind].toLowerCase();
}

function cardFace(card, { small = false, onclick = null, playable = false, disabled = false } = {}) {
  const cls = `card k-${card.kind} c-${card.colour}${small ? " small" : ""}${playable ? " playable" : ""}`;
  const parts = [
    h("span", { class: "value" }, card.kind === "document" ? card.value : ""),
    svg(ICONS[card.kind] || ICONS.document),
    h("span", { class: "name" }, (small ? SHORT : NAMES)[card.kind] || card.kind),
  ];
  const title = `${label(card)} (${card.colour})`;
  if (onclick || disabled) {
    return h("button", { class: cls, type: "button", title, "aria-label": `Play ${label(card)}`, disabled: disabled || undefined, onclick }, parts);
  }
  return h("div", { class: cls, title }, parts);
}

function cards(list, options) {
  if (!list.length) return h("div", { class: "cards" }, h("span", { class: "empty" }, "none"));
  return h("div", { class: "cards" }, list.map((c) => cardFace(c, options)));
}

function handSummary(byKind) {
  const order = Object.entries(byKind).sort();
  return order.map(([key, n]) => {
    const [kind, value] = key.split(":");
    return `${n}× ${kind === "document" ? `doc ${value}` : NAMES[kind].toLowerCase()}`;
  }).join(", ");
}

function findLegal(frame, predicate) {
  return frame.legal.find((m) => predicate(m.action));
}

function prompt(frame, ctx) {
  const obs = frame.observation;
  const you = frame.you;
  if (ctx.replay) return h("div", { class: "prompt" }, `The table as ${you === null ? "a spectator" : ctx.name(you)} saw it.`);
  if (you === null) return h("div", { class: "prompt" }, "You are watching: hands and hidden choices stay hidden.");
  if (obs.over) return h("div", { class: "prompt" }, "The game is over.");
  const step = obs.step;
  if (step && step.my_choice) {
    const waiting = step.waiting.map(ctx.name).join(", ");
    return h("div", { class: "prompt" }, `Your choice is in. Waiting for ${waiting || "the reveal"}.`);
  }
  if (!frame.legal.length) return h("div", { class: "prompt" }, "Wait for the others.");
  if (obs.phase === "play") return h("div", { class: "prompt" }, "Choose a card to play: everyone reveals at once.");
  if (obs.phase === "steal") return h("div", { class: "prompt" }, "Your mole got in! Choose whose card to steal (buttons under their cards).");
  if (obs.phase === "bank") {
    const bank = findLegal(frame, (a) => a.type === "bank");
    const keep = findLegal(frame, (a) => a.type === "keep");
    return h("div", { class: "prompt" },
      "Your new face-up card: lock it in your safe now (×1), or keep it out hoping to pair it (×2)?",
      h("span", { class: "choice-buttons" },
        bank && h("button", { type: "button", class: "primary", onclick: () => ctx.act(bank.action) }, "Bank it (×1)"),
        keep && h("button", { type: "button", onclick: () => ctx.act(keep.action) }, "Keep it face up")));
  }
  return h("div", { class: "prompt" }, "Your move: see the list on the right.");
}

function seatPanel(seatObs, frame, ctx) {
  const obs = frame.observation;
  const s = seatObs.seat;
  const step = obs.step;
  let state = "";
  if (step?.chosen.includes(s)) state = "has chosen ✓";
  else if (step?.waiting.includes(s)) state = "thinking…";
  const steal = findLegal(frame, (a) => a.type === "steal" && a.target === s);
  return h("div", { class: `vseat${s === frame.you ? " you" : ""}${step?.waiting.includes(s) ? " thinking" : ""}`, dataset: { seat: s } },
    h("div", { class: "vseat-head" },
      h("span", { class: "who" }, ctx.name(s)),
      h("span", { class: "pts", title: "total (this deal)" }, `${seatObs.total} pts (+${seatObs.deal_score})`)),
    h("div", { class: "hand-summary", title: handSummary(seatObs.hand_by_kind) }, `${seatObs.hand_size} cards in hand ${state ? "· " + state : ""}`),
    h("div", { class: "label" }, "face up"),
    cards(seatObs.face_up, { small: true }),
    h("div", { class: "label" }, "safe"),
    h("div", { class: "safe" },
      h("div", {}, h("div", { class: "label" }, "×1"), cards(seatObs.x1, { small: true })),
      h("div", {}, h("div", { class: "label" }, "×2 pairs"),
        seatObs.x2.length
          ? h("div", { class: "cards" }, seatObs.x2.map((pair) => h("span", { class: "pair" }, pair.map((c) => cardFace(c, { small: true })))))
          : h("div", { class: "cards" }, h("span", { class: "empty" }, "none")))),
    steal && h("button", { type: "button", class: "steal-button", onclick: () => ctx.act(steal.action) }, `Steal from ${ctx.name(s)}`),
  );
}

function lastTrick(obs, ctx) {
  const last = obs.last_trick;
  if (!last) return h("div", { class: "last-trick" }, h("strong", {}, "No trick played yet in this deal."));
  return h("div", { class: "last-trick" },
    h("strong", {}, `Trick ${last.trick}: `), last.boom ? h("span", { class: "boom" }, " BOOM! ") : "",
    h("div", { class: "played" },
      Object.entries(last.played).map(([s, c]) => h("figure", {}, cardFace(c, { small: true }), h("figcaption", {}, ctx.name(Number(s)))))),
    last.steals.length ? h("div", {}, last.steals.map((st) => `${ctx.name(st.thief)} stole from ${ctx.name(st.victim)}. `)) : "",
    last.destroyed.length ? h("div", {}, `Destroyed: ${last.destroyed.map(label).join(", ")}`) : "",
  );
}

export function render(board, frame, ctx) {
  const obs = frame.observation;
  const phaseText = { play: "choose a card", steal: "moles at work", bank: "bank or keep", over: "game over" }[obs.phase] || obs.phase;
  const children = [
    h("div", { class: "vault-top" },
      h("span", {}, `Deal ${obs.deal} · trick ${Math.min(obs.trick, obs.tricks_per_deal)} of ${obs.tricks_per_deal}`),
      h("span", { class: "phase" }, phaseText),
      h("span", {}, obs.single_deal ? "one deal only" : `first to ${obs.target} points wins`)),
    h("div", { class: "vault-seats" }, obs.seats.map((s) => seatPanel(s, frame, ctx))),
    lastTrick(obs, ctx),
  ];
  if (frame.you !== null && obs.hand) {
    const playable = (card) => findLegal(frame, (a) => a.type === "play" && a.card === card.kind && (a.value ?? 0) === card.value);
    children.push(
      h("div", { class: "my-area" },
        prompt(frame, ctx),
        h("div", { class: "label" }, "your hand"),
        h("div", { class: "hand", id: "hand" },
          obs.hand.map((card) => {
            const move = playable(card);
            if (ctx.replay) return cardFace(card);
            return cardFace(card, { playable: !!move, disabled: !move, onclick: move ? () => ctx.act(move.action) : null });
          }))));
  } else {
    children.push(h("div", { class: "my-area" }, prompt(frame, ctx)));
  }
  board.replaceChildren(h("div", { class: "vault" }, children));
}
