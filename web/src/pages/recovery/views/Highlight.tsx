// A text with what matched the search marked (<mark>, read out as "highlight" where supported).
import { matchParts } from './searchResults';

export default function Highlight({ text, query }: { text: string; query: string }) {
  return (
    <>
      {matchParts(text, query).map((part, i) =>
        part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>,
      )}
    </>
  );
}
