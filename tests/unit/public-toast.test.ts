import { describe, expect, it, vi } from "vitest";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), info: vi.fn(), error: vi.fn() } }));
const { toast } = await import("sonner");
const { showToast, toastAreaMounted } = await import("~/components/site/public-toast");

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe("public toasts", () => {
  it("holds a toast until the toast area listens, then shows it; after a remount it waits again", async () => {
    showToast("success", "Sent");
    await settle();
    // Sonner drops toasts published before its <Toaster> subscribes, so nothing is published yet.
    expect(toast.success).not.toHaveBeenCalled();

    const unmount = toastAreaMounted();
    await settle();
    expect(toast.success).toHaveBeenCalledWith("Sent");

    showToast("error", "Failed");
    await settle();
    expect(toast.error).toHaveBeenCalledWith("Failed");

    unmount();
    showToast("info", "Later");
    await settle();
    expect(toast.info).not.toHaveBeenCalled();
    toastAreaMounted();
    await settle();
    expect(toast.info).toHaveBeenCalledWith("Later");
  });
});
