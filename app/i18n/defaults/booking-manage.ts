import type { DefaultTextGroup } from "./types";

/** The page behind the cancel-or-reschedule link of a consultation mail (decision 0079). */
export default {
  category: "booking-manage",
  texts: {
    "booking-manage-page-title": { label: "Browser title", en: "Your consultation", fa: "جلسهٔ مشاورهٔ شما", zh: "您的咨询" },
    "booking-manage-title": { label: "Page heading", en: "Your consultation", fa: "جلسهٔ مشاورهٔ شما", zh: "您的咨询" },
    "booking-manage-intro": {
      label: "Text under the heading",
      en: "You can cancel your consultation or move it to another free time. This link works once.",
      fa: "می‌توانید جلسهٔ مشاوره را لغو کنید یا آن را به زمان آزاد دیگری منتقل کنید. این پیوند فقط یک بار کار می‌کند.",
      zh: "您可以取消咨询，或将其改到其他空闲时间。此链接仅可使用一次。",
    },
    "booking-manage-cancel-heading": { label: "Cancel: heading", en: "Cancel", fa: "لغو", zh: "取消" },
    "booking-manage-cancel-text": {
      label: "Cancel: text",
      en: "The time becomes free for someone else. You will receive a confirmation by email.",
      fa: "این زمان برای دیگران آزاد می‌شود. تأییدیه‌ای با ایمیل برایتان فرستاده می‌شود.",
      zh: "该时间将开放给其他人预约。您将收到确认邮件。",
    },
    "booking-manage-cancel-button": { label: "Cancel: button", en: "Cancel the consultation", fa: "لغو جلسهٔ مشاوره", zh: "取消咨询" },
    "booking-manage-reschedule-heading": { label: "Reschedule: heading", en: "Choose another time", fa: "انتخاب زمان دیگر", zh: "选择其他时间" },
    "booking-manage-reschedule-text": {
      label: "Reschedule: text",
      en: "Free times in the coming weeks, in Vancouver time:",
      fa: "زمان‌های آزاد هفته‌های آینده، به وقت ونکوور:",
      zh: "未来几周的空闲时间（温哥华时间）：",
    },
    "booking-manage-reschedule-button": { label: "Reschedule: button", en: "Move to this time", fa: "انتقال به این زمان", zh: "改到此时间" },
    "booking-manage-no-slots": {
      label: "Reschedule: no free time",
      en: "No other time is free in the coming weeks. Please call us.",
      fa: "در هفته‌های آینده زمان آزاد دیگری نیست. لطفاً با ما تماس بگیرید.",
      zh: "未来几周没有其他空闲时间。请致电我们。",
    },
    "booking-manage-cancelled-title": { label: "After cancelling: heading", en: "Your consultation is cancelled", fa: "مشاورهٔ شما لغو شد", zh: "您的咨询已取消" },
    "booking-manage-cancelled-text": {
      label: "After cancelling: text",
      en: "We have sent you a confirmation by email. You are welcome to book another time.",
      fa: "تأییدیه‌ای با ایمیل برایتان فرستادیم. می‌توانید زمان دیگری رزرو کنید.",
      zh: "我们已通过电子邮件向您发送确认。欢迎您预约其他时间。",
    },
    "booking-manage-moved-title": { label: "After rescheduling: heading", en: "Your consultation has moved", fa: "زمان مشاورهٔ شما تغییر کرد", zh: "您的咨询已改期" },
    "booking-manage-moved-text": {
      label: "After rescheduling: text",
      en: "We have sent the new details, a new calendar invitation and a new link by email. This link no longer works.",
      fa: "جزئیات تازه، دعوت‌نامهٔ تقویم تازه و پیوندی تازه را با ایمیل برایتان فرستادیم. این پیوند دیگر کار نمی‌کند.",
      zh: "我们已通过电子邮件发送新的详情、新的日历邀请和新的链接。此链接已失效。",
    },
    "booking-manage-invalid-title": { label: "Link not valid: heading", en: "This link no longer works", fa: "این پیوند دیگر کار نمی‌کند", zh: "此链接已失效" },
    "booking-manage-invalid-text": {
      label: "Link not valid: text",
      en: "It was already used, a newer email replaced it, the consultation was cancelled, or the meeting is over. Use the link in our most recent email, or call us.",
      fa: "این پیوند پیش‌تر به کار رفته، ایمیل تازه‌تری جای آن را گرفته، جلسه لغو شده یا زمان آن گذشته است. از پیوند آخرین ایمیل ما استفاده کنید یا با ما تماس بگیرید.",
      zh: "该链接已被使用、已被更新的邮件取代、咨询已取消，或会面已结束。请使用我们最近一封邮件中的链接，或致电我们。",
    },
    "booking-manage-taken": {
      label: "Reschedule: the chosen time was just taken",
      en: "This time was just taken. Here are the nearest free times:",
      fa: "این زمان همین حالا رزرو شد. نزدیک‌ترین زمان‌های آزاد:",
      zh: "该时间刚刚被预约。以下是最近的空闲时间：",
    },
    "booking-manage-choose": {
      label: "Reschedule: no valid time chosen",
      en: "Please choose one of the free times below.",
      fa: "لطفاً یکی از زمان‌های آزاد زیر را انتخاب کنید.",
      zh: "请从下面的空闲时间中选择一个。",
    },
    "booking-manage-rate-limited": {
      label: "Too many attempts",
      en: "Too many attempts. Please try again in an hour, or call us.",
      fa: "تلاش‌ها بیش از حد بوده است. لطفاً یک ساعت دیگر دوباره امتحان کنید یا با ما تماس بگیرید.",
      zh: "尝试次数过多。请一小时后再试，或致电我们。",
    },
    "booking-manage-error": {
      label: "Something went wrong",
      en: "Something went wrong and nothing was changed. Please try again, or call us.",
      fa: "مشکلی پیش آمد و چیزی تغییر نکرد. لطفاً دوباره امتحان کنید یا با ما تماس بگیرید.",
      zh: "出现问题，未作任何更改。请重试，或致电我们。",
    },
    "booking-manage-book-link": { label: "Link to the booking page", en: "Book a consultation", fa: "رزرو مشاوره", zh: "预约咨询" },
  },
} satisfies DefaultTextGroup;
