/**
 * Printing with the browser's own dialog (window.print) and the print stylesheet of tasks.css: the
 * page prints without the console's chrome; a dialog prints alone when `printOnly` names it (the
 * body's class tells the stylesheet, and is dropped once printing ends).
 */
export const PRINTING_DIALOG_CLASS = 'printing-dialog';

export function printPage(): void {
  window.print();
}

export function printOnly(dialogRootClass: string): void {
  const { body } = document;
  body.classList.add(PRINTING_DIALOG_CLASS);
  body.dataset.printDialog = dialogRootClass;
  const done = () => {
    body.classList.remove(PRINTING_DIALOG_CLASS);
    delete body.dataset.printDialog;
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
  // browsers that print synchronously have printed by now; afterprint may not come in every one
  setTimeout(done, 0);
}
