import en from './en.json';
import { authMessages } from './index';
import { CONTRACT_TEXT, localizeText } from './contract-text';

describe("the contract's wording in mf-auth's catalogues", () => {
  it.each(Object.entries(CONTRACT_TEXT))('English %j is message %s, word for word', (text, id) => {
    expect(en[id]).toBe(text);
  });

  it('shows a contract wording in Hindi, and any other text as it is', () => {
    const hindi = authMessages.translator('hi');
    if (!hindi) throw new Error('Hindi is bundled with mf-auth');
    expect(localizeText('Enter your email address.', hindi)).toBe('अपना ईमेल पता लिखें।');
    expect(localizeText('Something the API said.', hindi)).toBe('Something the API said.');
  });
});
