/**
 * Printing with the browser's own dialog (window.print) and the print stylesheet of tasks.css: the
 * page prints without the console's chrome; a dialog prints alone when `printOnly` names it (the
 * body's class tells the stylesheet, the other open dialogs beneath it are marked to be left out,
 * and both are dropped once printing ends).
 */
export const PRINTING_DIALOG_CLASS = 'printing-dialog';
export const PRINT_SKIP_CLASS = 'print-skip';

export function printPage(): void {
  window.print();
}

export function printOnly(dialogRootClass: string): void {
  const { body } = document;
  body.classList.add(PRINTING_DIALOG_CLASS);
  body.dataset.printDialog = dialogRootClass;
  // the dialogs it opened over (the task detail under its submission detail, the report under the task detail)
  const beneath = [...document.querySelectorAll<HTMLElement>('.ant-modal-root')].filter(
    (root) => !root.classList.contains(dialogRootClass),
  );
  for (const root of beneath) root.classList.add(PRINT_SKIP_CLASS);
  const done = () => {
    for (const root of beneath) root.classList.remove(PRINT_SKIP_CLASS);
    body.classList.remove(PRINTING_DIALOG_CLASS);
    delete body.dataset.printDialog;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // browsers that print synchronously have printed by now; afterprint may not come in every one
  setTimeout(done, 0);
}
