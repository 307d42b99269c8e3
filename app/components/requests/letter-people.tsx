import type { ReactNode } from "react";

/**
 * "Who the letter is for": the account holder, always, and a box for each person on the user's
 * list. `note` says something about the piece above the list; `footer` follows it.
 */
export function LetterPeople({
  holderName,
  people,
  name,
  ticked,
  note,
  footer,
}: {
  holderName: string;
  people: { id: string; fullName: string }[];
  name: string;
  ticked: Set<string>;
  note: ReactNode;
  footer: ReactNode;
}) {
  return (
    <fieldset className="field people">
      <legend>Who the letter is for</legend>
      <p className="hint">{note}</p>
      <p>{holderName} (you, always included)</p>
      {people.map((person) => (
        <label key={person.id} className="check">
          <input type="checkbox" name={name} value={person.id} defaultChecked={ticked.has(person.id)} /> {person.fullName}
        </label>
      ))}
      {footer}
    </fieldset>
  );
}
