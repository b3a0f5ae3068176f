/**
 * A page module's submit button while it works (SendButton in app/components/contact/FormParts.tsx):
 * disabled, the spinner shown instead of the icon, and the label that says so; `on = false` puts
 * it back with its own label.
 */
export function setButtonBusy(button: HTMLButtonElement, on: boolean, label: string): void {
  button.disabled = on;
  button.querySelector("[data-sending-icon]")?.classList.toggle("hidden", !on);
  button.querySelector("[data-idle-icon]")?.classList.toggle("hidden", on);
  button.querySelector("[data-label]")!.textContent = label;
}
