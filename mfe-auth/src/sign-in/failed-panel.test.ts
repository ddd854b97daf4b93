import { FAILED_PANEL_ATTRIBUTE, showFailedPanel } from './failed-panel';

describe('showFailedPanel', () => {
  it('puts the prerendered failure panel in place of the form, with a Retry that loads the page again', () => {
    const root = document.createElement('div');
    root.innerHTML =
      `<form><input name="username"><button type="button">Sign In</button></form>` +
      `<template ${FAILED_PANEL_ATTRIBUTE}=""><div role="alert">This part of the portal could not be loaded.<button type="button">Retry</button></div></template>`;
    document.body.append(root);
    const reload = jest.fn();
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);

    showFailedPanel(root, new Error('ChunkLoadError'), reload);

    expect(root.querySelector('form')).toBeNull();
    expect(root.querySelector('[role="alert"]')).toHaveTextContent('This part of the portal could not be loaded.');
    root.querySelector('button')?.click();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(logged).toHaveBeenCalledWith('The auth part of the portal failed', expect.any(Error));
    logged.mockRestore();
    root.remove();
  });
});
