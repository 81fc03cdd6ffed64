import { emailProblem, normalizeEmail, passwordProblem } from './accounts';

describe('emailProblem', () => {
  it.each(['viewer@example.com', ' Viewer@Example.COM ', 'a.b+tag@sub.example.co.uk'])(
    'accepts %p',
    (email) => expect(emailProblem(email)).toBeNull(),
  );
  it.each([
    ['', 'Enter your email address.'],
    ['viewer', 'Enter an email address like name@example.com.'],
    ['viewer@localhost', 'Enter an email address like name@example.com.'],
    ['a b@example.com', 'Enter an email address like name@example.com.'],
    ["x'; DROP TABLE users;--@example.com", 'Enter an email address like name@example.com.'],
    ['vi\u0000ewer@example.com', 'Enter an email address like name@example.com.'],
    ['ü@example.com', 'Enter an email address like name@example.com.'],
    [`${'a'.repeat(250)}@example.com`, 'Email addresses are at most 254 characters.'],
  ])('rejects %p', (email, message) => expect(emailProblem(email)).toBe(message));
  it('normalizes case and spaces', () => expect(normalizeEmail(' A@B.Co ')).toBe('a@b.co'));
});

describe('passwordProblem', () => {
  it('accepts a long passphrase', () =>
    expect(passwordProblem('correct horse battery', 'viewer@example.com')).toBeNull());
  it('counts emoji as one character each', () =>
    expect(passwordProblem('🏏🏏🏏🏏🏏🏏🏏')).not.toBeNull());
  it.each([
    ['short', 'Use at least 8 characters.'],
    ['x'.repeat(129), 'Use at most 128 characters.'],
    ['         ', 'A password cannot be only spaces.'],
    ['Password123', 'That password is too common. Choose another.'],
    ['aaaaaaaaaa', 'That password is too common. Choose another.'],
  ])('rejects %p', (password, message) => expect(passwordProblem(password)).toBe(message));
  it('rejects a password that contains the email local part', () =>
    expect(passwordProblem('my-viewer-pass', 'viewer@example.com')).toBe(
      'Your password must not contain your email address.',
    ));
});
