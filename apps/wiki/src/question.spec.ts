import { searchTermOf } from './question';

describe(searchTermOf.name, () => {
  it.each([
    ['What is the Eiffel Tower?', 'Eiffel Tower'],
    ['who was Ada Lovelace', 'Ada Lovelace'],
    ["What's a quasar?", 'quasar'],
    ['Tell me about the Roman Empire.', 'Roman Empire'],
    ['define   entropy', 'entropy'],
    ['How tall is the Eiffel Tower?', 'Eiffel Tower'],
    ['Where are the Andes', 'Andes'],
    ['The Beatles', 'The Beatles'],
    ['Mercury', 'Mercury'],
    ['What is?', 'What is'],
    ['?', '?'],
  ])('%j → %j', (q, term) => {
    expect(searchTermOf(q)).toBe(term);
  });
});
