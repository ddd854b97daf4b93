import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { act } from '@testing-library/react';
import { carryClicks, carryTypedFields } from './prerendered-fields';

function Form({ onSeen, onSubmit }: { onSeen(value: string): void; onSubmit?(username: string, password: string): void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  onSeen(username);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.(username, password);
      }}
    >
      <label>
        Username
        <input name="username" value={username} onChange={(event) => setUsername(event.target.value)} autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" value={password} onChange={(event) => setPassword(event.target.value)} />
      </label>
      <button type="submit">Sign In</button>
    </form>
  );
}

describe('carryTypedFields', () => {
  it('gives what was typed into the prerendered fields, and the focus, to the fields React renders', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<form><input name="username" value=""><input name="password" type="password" value=""></form>';
    document.body.append(root);
    const [username, password] = root.querySelectorAll('input');
    username!.value = 'client@demo.test';
    password!.focus();
    password!.value = 'portal-de';
    carryTypedFields(root);
    // Typing goes on until React's commit.
    password!.value = 'portal-demo';
    let seen = '';
    await act(async () => createRoot(root).render(<Form onSeen={(value) => (seen = value)} />));

    const newUsername = root.querySelector<HTMLInputElement>('input[name="username"]')!;
    const newPassword = root.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(newUsername).not.toBe(username);
    expect(newUsername.value).toBe('client@demo.test');
    expect(seen).toBe('client@demo.test');
    expect(newPassword.value).toBe('portal-demo');
    expect(document.activeElement).toBe(newPassword);
    expect(newPassword.selectionStart).toBe('portal-demo'.length);
    root.remove();
  });

  // The prerendered markup as server/lib/prerender.ts inert leaves it: nothing in it submits.
  const inertForm = (fields: string) =>
    `<form><button type="submit" disabled="" hidden=""></button>${fields}<button type="button" data-prerendered-submit="">Sign In</button></form>`;

  /** The prerendered sign-in form filled in, watched by carryTypedFields; `act` then does what the visitor does before React. */
  async function submittedBeforeReact(act_: (fields: { password: HTMLInputElement; root: HTMLElement }) => void): Promise<string[][]> {
    const root = document.createElement('div');
    root.innerHTML = inertForm('<input name="username" value=""><input name="password" type="password" value="">');
    document.body.append(root);
    const [username, password] = root.querySelectorAll('input');
    username!.value = 'client@demo.test';
    password!.value = 'portal-demo';
    carryTypedFields(root);
    act_({ password: password!, root });
    const sent: string[][] = [];
    await act(async () => createRoot(root).render(<Form onSeen={() => undefined} onSubmit={(...values) => sent.push(values)} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    root.remove();
    return sent;
  }

  it('holds a click on the sign-in button before React took over and sends the new form with what was typed', async () => {
    const sent = await submittedBeforeReact(({ root }) => root.querySelector<HTMLButtonElement>('button[data-prerendered-submit]')!.click());
    expect(sent).toEqual([['client@demo.test', 'portal-demo']]);
  });

  it('holds Enter in a prerendered field as a submission, and sends the new form once React took over', async () => {
    const sent = await submittedBeforeReact(({ password }) => {
      password.focus();
      password.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    expect(sent).toEqual([['client@demo.test', 'portal-demo']]);
  });

  it('sends nothing by itself when nothing was clicked', async () => {
    const root = document.createElement('div');
    root.innerHTML = inertForm('<input name="username" value="">');
    document.body.append(root);
    carryTypedFields(root);
    // A key other than Enter is typing, not a submission.
    root.querySelector('input')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    const sent: string[][] = [];
    await act(async () => createRoot(root).render(<Form onSeen={() => undefined} onSubmit={(...values) => sent.push(values)} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
    expect(sent).toEqual([]);
    root.remove();
  });
});

describe('carryClicks', () => {
  function Header({ onSignOut }: { onSignOut(): void }) {
    return (
      <header>
        <button type="button" onClick={onSignOut}>
          Sign Out
        </button>
      </header>
    );
  }

  /** The server's signed-in header, watched by carryClicks; `before` is what the visitor does before React's commit. */
  async function takeOver(before: (root: HTMLElement) => void) {
    const root = document.createElement('div');
    root.innerHTML = '<header><a href="/admins">Dashboard</a><button type="button">Sign Out</button></header>';
    document.body.append(root);
    carryClicks(root);
    before(root);
    const signOut = jest.fn();
    await act(async () => createRoot(root).render(<Header onSignOut={signOut} />));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    root.remove();
    return signOut;
  }

  it("gives a click on the server's Sign Out, before the JavaScript was in, to the app's Sign Out once it is", async () => {
    const signOut = await takeOver((root) => root.querySelector('button')!.click());
    expect(signOut).toHaveBeenCalledTimes(1);
  });

  it('clicks nothing when nothing was clicked', async () => {
    const signOut = await takeOver(() => undefined);
    expect(signOut).not.toHaveBeenCalled();
  });
});
