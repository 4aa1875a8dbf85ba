// The designer's questions at game over (the host's `questions` message, its feedback.toml): one form, each
// question as the desktop asks it (a rating of five buttons, a card from the deck, a line of text), any of them
// skippable; the answers go back once as `answers`. Every text is set as text, never as markup.
import { word } from "./words.js";
import { dialog, el } from "./draw.js";

const $ = (id) => document.getElementById(id);

// One builder per kind of question: it adds the question's inputs to `box` and returns how to read its answer
// (undefined: not answered). A new kind is one more entry.
const KINDS = {
  rating(q, box) {
    const row = el("div", "rating");
    const name = `q-${q.id}`;
    if (q.low) row.append(el("span", "scale", q.low));
    for (let n = 1; n <= 5; n++) {
      const label = el("label", "star");
      const input = document.createElement("input");
      Object.assign(input, { type: "radio", name, value: String(n) });
      label.append(input, el("span", "", String(n)));
      row.append(label);
    }
    if (q.high) row.append(el("span", "scale", q.high));
    box.append(row);
    return () => {
      const picked = box.querySelector(`input[name="${CSS.escape(name)}"]:checked`);
      return picked ? Number(picked.value) : undefined;
    };
  },
  card(q, box, cards) {
    const select = document.createElement("select");
    select.append(el("option", "", word("noCard")));
    select.firstChild.value = "";
    for (const card of cards) {
      const option = el("option", "", card.label);
      option.value = card.id;
      select.append(option);
    }
    box.append(select);
    return () => select.value || undefined;
  },
  text(q, box) {
    const input = document.createElement("input");
    Object.assign(input, { type: "text", maxLength: 1000, autocomplete: "off" });
    box.append(input);
    return () => input.value.trim() || undefined;
  },
};

/** Ask the questions of `message` in the page's dialog; `send` carries the answers (an empty list: skipped). */
export function askQuestions(message, send, thanks) {
  const modal = dialog("questions", word("questionsTitle"), [["skip", word("skipAnswers")], ["send", word("sendAnswers")]],
                       () => Object.assign(el("div"), { id: "questions-list" }));
  const list = $("questions-list");
  list.replaceChildren();
  const readers = [];
  for (const q of message.questions) {
    const build = KINDS[q.kind];
    if (!build) continue;
    const box = el("fieldset", "question");
    box.dataset.question = q.id;
    box.dataset.kind = q.kind;
    box.append(el("legend", "", q.text || q.label));
    readers.push([q.id, build(q, box, message.cards)]);
    list.append(box);
  }
  modal.onclose = () => {
    if (modal.returnValue !== "send" && modal.returnValue !== "skip") return;
    const answers = [];
    if (modal.returnValue === "send") {
      for (const [id, read] of readers) {
        const value = read();
        if (value !== undefined) answers.push({ id, value });
      }
    }
    if (send({ t: "answers", answers })) thanks(answers.length);
  };
  modal.oncancel = (e) => e.preventDefault(); // Escape does not lose the questions: Skip says no answers
  modal.returnValue = "";
  if (!modal.open) modal.showModal();
}
