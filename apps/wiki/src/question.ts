// Turns a question into the topic to search for: "What is the Eiffel Tower?" → "Eiffel Tower".
// Only the framing is removed; anything else ("How tall is …") is left to the full-text search, which copes.

// "Tell me about", "explain", "define" …
const REQUEST_LEAD = /^(?:please\s+)?(?:tell me about|tell me|explain|describe|define|summari[sz]e)\s+/i;
// "What is", "Who was", "How tall is", "What's" …
const QUESTION_LEAD =
  /^(?:what|who|whom|where|when|which|why|how)(?:\s+\w+)?(?:'s|\s+(?:is|are|was|were|does|do|did|can|could|would|will|has|have|had))\s+/i;
// An article left over once the framing is gone ("What is the …"); a bare topic keeps its own ("The Beatles").
const LEADING_ARTICLE = /^(?:a|an|the)\s+/i;
const TRAILING_PUNCTUATION = /[\s?!.]+$/;

export function searchTermOf(q: string): string {
  const text = q.trim().replace(/\s+/g, ' ').replace(TRAILING_PUNCTUATION, '');
  const topic = text.replace(REQUEST_LEAD, '').replace(QUESTION_LEAD, '');
  const term = topic === text ? topic : topic.replace(LEADING_ARTICLE, '');
  return term || text || q.trim();
}
