import type { DefaultTextGroup } from "./types";

/**
 * The visitor's consultation mails (issue 33, decision 0079): confirmation, staff's confirmation,
 * change, cancellation (the visitor's or the firm's), the two declines (decision 0096) and the
 * reminder 24 hours before. `{when}`, `{name}`, `{phone}`, `{address}` and
 * `{room}` are filled in when the mail is written.
 */
export default {
  category: "booking-mail",
  texts: {
    "booking-mail-greeting": {
      label: "Greeting ({name}: the visitor's name)",
      en: "Dear {name},",
      fa: "{name} گرامی،",
      zh: "{name}，您好：",
    },
    "booking-mail-confirmation-subject": {
      label: "Confirmation mail: subject ({when}: date and time)",
      en: "Your free consultation: {when}",
      fa: "مشاورهٔ رایگان شما: {when}",
      zh: "您的免费咨询：{when}",
    },
    "booking-mail-confirmation-intro": {
      label: "Confirmation mail: first paragraph",
      en: "Thank you for booking a free 30-minute consultation with us. Here are the details:",
      fa: "از اینکه یک جلسهٔ مشاورهٔ رایگان ۳۰ دقیقه‌ای با ما رزرو کردید سپاسگزاریم. جزئیات جلسه:",
      zh: "感谢您预约我们的 30 分钟免费咨询。详情如下：",
    },
    "booking-mail-changed-subject": {
      label: "Changed mail: subject ({when}: the new date and time)",
      en: "Your consultation has moved: {when}",
      fa: "زمان مشاورهٔ شما تغییر کرد: {when}",
      zh: "您的咨询时间已更改：{when}",
    },
    "booking-mail-changed-intro": {
      label: "Changed mail: first paragraph",
      en: "Your consultation has been moved. Here are the new details:",
      fa: "زمان جلسهٔ مشاورهٔ شما تغییر کرد. جزئیات تازه:",
      zh: "您的咨询已改期。新的详情如下：",
    },
    "booking-mail-cancelled-subject": {
      label: "Cancellation mail: subject",
      en: "Your consultation is cancelled",
      fa: "مشاورهٔ شما لغو شد",
      zh: "您的咨询已取消",
    },
    "booking-mail-cancelled-intro": {
      label: "Cancellation mail: text ({when}: the cancelled date and time)",
      en: "Your consultation of {when} is cancelled. You are welcome to book another time on our website:",
      fa: "جلسهٔ مشاورهٔ شما در {when} لغو شد. می‌توانید زمان دیگری را در وب‌سایت ما رزرو کنید:",
      zh: "您在 {when} 的咨询已取消。欢迎您在我们的网站上预约其他时间：",
    },
    "booking-mail-declined-subject": {
      label: "Decline mail: subject",
      en: "We cannot hold your consultation at this time",
      fa: "نمی‌توانیم جلسهٔ مشاوره را در این زمان برگزار کنیم",
      zh: "我们无法在该时间为您安排咨询",
    },
    "booking-mail-declined-intro": {
      label: "Decline mail: text ({when}: the declined date and time)",
      en: "We are sorry: we cannot meet you on {when}. Please choose another time on our website, or call us:",
      fa: "متأسفیم: نمی‌توانیم در {when} با شما دیدار کنیم. لطفاً زمان دیگری را در وب‌سایت ما انتخاب کنید یا با ما تماس بگیرید:",
      zh: "很抱歉，我们无法在 {when} 与您会面。请在我们的网站上选择其他时间，或致电我们：",
    },
    "booking-mail-rebook-subject": {
      label: "Rebook mail (the firm closed the day of the booking): subject ({when}: date and time)",
      en: "Please choose another time for your consultation: {when}",
      fa: "لطفاً زمان دیگری برای مشاورهٔ خود انتخاب کنید: {when}",
      zh: "请为您的咨询另选时间：{when}",
    },
    "booking-mail-rebook-intro": {
      label: "Rebook mail: first paragraph",
      en: "We are sorry: our office is closed on the day of your consultation, so it must be moved. Please choose another time with the link below. If no time suits you, you can cancel there, or reply to this mail.",
      fa: "پوزش می‌خواهیم: دفتر ما در روز جلسهٔ مشاورهٔ شما تعطیل است و جلسه باید جابه‌جا شود. لطفاً با پیوند زیر زمان دیگری انتخاب کنید. اگر هیچ زمانی مناسب نیست، می‌توانید همان‌جا آن را لغو کنید یا به این ایمیل پاسخ دهید.",
      zh: "很抱歉：您咨询当天本所不营业，因此需要改期。请通过下方链接另选时间。如果没有合适的时间，您可以在该页面取消，或直接回复此邮件。",
    },
    "booking-mail-confirmed-subject": {
      label: "Confirmed mail (staff confirmed the booking): subject ({when}: date and time)",
      en: "Your consultation is confirmed: {when}",
      fa: "مشاورهٔ شما تأیید شد: {when}",
      zh: "您的咨询已确认：{when}",
    },
    "booking-mail-confirmed-intro": {
      label: "Confirmed mail: first paragraph",
      en: "We have confirmed your consultation. We look forward to meeting you. Here are the details:",
      fa: "جلسهٔ مشاورهٔ شما را تأیید کردیم و منتظر دیدار با شما هستیم. جزئیات جلسه:",
      zh: "我们已确认您的咨询，期待与您会面。详情如下：",
    },
    "booking-mail-firm-cancelled-subject": {
      label: "Cancellation by the firm: subject",
      en: "We have had to cancel your consultation",
      fa: "ناچار شدیم جلسهٔ مشاورهٔ شما را لغو کنیم",
      zh: "我们不得不取消您的咨询",
    },
    "booking-mail-firm-cancelled-intro": {
      label: "Cancellation by the firm: text ({when}: the cancelled date and time)",
      en: "We are sorry: we have had to cancel your consultation of {when}. The cancellation is ours, not yours. We apologise for the inconvenience; you are welcome to book another time on our website:",
      fa: "متأسفیم: ناچار شدیم جلسهٔ مشاورهٔ شما در {when} را لغو کنیم. این لغو از سوی ما بوده است، نه شما. بابت این ناراحتی پوزش می‌خواهیم؛ می‌توانید زمان دیگری را در وب‌سایت ما رزرو کنید:",
      zh: "很抱歉，我们不得不取消您在 {when} 的咨询。取消是我们的决定，并非您的原因。对此带来的不便，我们深表歉意；欢迎您在我们的网站上预约其他时间：",
    },
    "booking-mail-cannot-act-subject": {
      label: "Decline, we cannot act for you: subject",
      en: "About your consultation request",
      fa: "دربارهٔ درخواست مشاورهٔ شما",
      zh: "关于您的咨询申请",
    },
    "booking-mail-cannot-act-intro": {
      label: "Decline, we cannot act for you: text ({when}: the declined date and time)",
      en: "Thank you for asking for a consultation on {when}. We are sorry: we cannot act for you in this matter, so we have cancelled the meeting. This may be because of a conflict of interest or because the matter is outside the areas we practise in; it says nothing about the merits of your matter. Please seek advice elsewhere soon, as time limits may apply.",
      fa: "از درخواست شما برای مشاوره در {when} سپاسگزاریم. متأسفیم: نمی‌توانیم در این موضوع وکالت شما را بپذیریم، از این رو جلسه را لغو کردیم. دلیل آن ممکن است تعارض منافع یا خارج بودن موضوع از حوزه‌های کاری ما باشد؛ این به معنای داوری دربارهٔ موضوع شما نیست. لطفاً هر چه زودتر از جای دیگری مشاوره بگیرید، زیرا ممکن است مهلت‌های قانونی در کار باشد.",
      zh: "感谢您申请在 {when} 进行咨询。很抱歉，我们无法在此事项中代理您，因此已取消该会面。原因可能是利益冲突，或该事项不属于我们的业务领域；这并不代表对您事项本身的任何评价。由于可能存在法定时限，请尽快向其他律师寻求意见。",
    },
    "booking-mail-referral-text": {
      label: "Decline, we cannot act for you: the referral line (added when the person declining chooses it)",
      en: "To find a lawyer, you can contact the Lawyer Referral Service in British Columbia: 604-687-3221, or 1-800-663-1919 toll-free.",
      fa: "برای یافتن وکیل می‌توانید با خدمات معرفی وکیل (Lawyer Referral Service) در بریتیش کلمبیا تماس بگیرید: ۶۰۴-۶۸۷-۳۲۲۱ یا شمارهٔ رایگان ۱-۸۰۰-۶۶۳-۱۹۱۹.",
      zh: "如需寻找律师，您可以联系不列颠哥伦比亚省的律师转介服务（Lawyer Referral Service）：604-687-3221，或免费电话 1-800-663-1919。",
    },
    "booking-mail-reminder-subject": {
      label: "Reminder mail (24 hours before): subject ({when}: date and time)",
      en: "Reminder: your consultation {when}",
      fa: "یادآوری: جلسهٔ مشاورهٔ شما در {when}",
      zh: "提醒：您的咨询时间为 {when}",
    },
    "booking-mail-reminder-intro": {
      label: "Reminder mail: first paragraph",
      en: "This is a reminder of your free consultation with us within the next 24 hours:",
      fa: "این یادآوری جلسهٔ مشاورهٔ رایگان شما با ما در ۲۴ ساعت آینده است:",
      zh: "提醒您，您与我们的免费咨询将在 24 小时内进行：",
    },
    "booking-mail-when-label": { label: "Details: label of the date and time", en: "When", fa: "زمان", zh: "时间" },
    "booking-mail-kind-label": { label: "Details: label of the meeting kind", en: "Meeting", fa: "نوع جلسه", zh: "会面方式" },
    "booking-mail-area-label": { label: "Details: label of the practice area", en: "Practice area", fa: "حوزهٔ حقوقی", zh: "业务领域" },
    "booking-mail-kind-video": { label: "Meeting kind: video", en: "Video call", fa: "تماس تصویری", zh: "视频通话" },
    "booking-mail-kind-phone": { label: "Meeting kind: phone", en: "Phone call", fa: "تماس تلفنی", zh: "电话" },
    "booking-mail-kind-office": { label: "Meeting kind: at the office", en: "At our office", fa: "در دفتر ما", zh: "在本所办公室" },
    "booking-mail-time-zone": {
      label: "The time zone named after each time",
      en: "Vancouver time",
      fa: "به وقت ونکوور",
      zh: "温哥华时间",
    },
    "booking-mail-video-text": {
      label: "Video meeting: text before the link ({room}: the room name)",
      en: "At the time of the meeting, open this link to join the video call (room name: {room}):",
      fa: "در زمان جلسه، این پیوند را باز کنید تا به تماس تصویری بپیوندید (نام اتاق: {room}):",
      zh: "会面时，请打开以下链接加入视频通话（会议室名称：{room}）：",
    },
    "booking-mail-phone-text": {
      label: "Phone meeting ({phone}: the visitor's number)",
      en: "We will call you at {phone}.",
      fa: "ما با شمارهٔ {phone} با شما تماس می‌گیریم.",
      zh: "我们将拨打 {phone} 与您联系。",
    },
    "booking-mail-phone-missing": {
      label: "Phone meeting without a number",
      en: "We will call you. Please reply to this email with the number we should call.",
      fa: "ما با شما تماس می‌گیریم. لطفاً در پاسخ به این ایمیل، شماره‌ای را که باید با آن تماس بگیریم بنویسید.",
      zh: "我们将致电给您。请回复此邮件，告诉我们应拨打的电话号码。",
    },
    "booking-mail-office-text": {
      label: "Office meeting ({address}: the office address)",
      en: "Please come to our office: {address}",
      fa: "لطفاً به دفتر ما بیایید: {address}",
      zh: "请前往本所办公室：{address}",
    },
    "booking-mail-manage-text": {
      label: "Text before the cancel or reschedule link",
      en: "To cancel or move your consultation, open this link. It works once, until the meeting; a new one comes with every change:",
      fa: "برای لغو یا تغییر زمان مشاوره، این پیوند را باز کنید. این پیوند یک بار و تا زمان جلسه کار می‌کند؛ با هر تغییر، پیوند تازه‌ای برایتان فرستاده می‌شود:",
      zh: "如需取消或更改咨询时间，请打开以下链接。该链接仅可使用一次，在会面前有效；每次更改后我们都会发送新的链接：",
    },
    "booking-mail-calendar-text": {
      label: "Text about the attached calendar invitation",
      en: "The calendar invitation is attached: open it to add the meeting to your calendar.",
      fa: "دعوت‌نامهٔ تقویم پیوست است: آن را باز کنید تا جلسه به تقویم شما افزوده شود.",
      zh: "随附日历邀请：打开即可将会面添加到您的日历。",
    },
    "booking-mail-calendar-cancel-text": {
      label: "Text about the attached calendar cancellation",
      en: "The attached calendar update removes the meeting from your calendar.",
      fa: "به‌روزرسانی تقویم پیوست، جلسه را از تقویم شما حذف می‌کند.",
      zh: "随附的日历更新会将该会面从您的日历中删除。",
    },
    "booking-mail-event-title": {
      label: "Calendar event title",
      en: "Free consultation: {firm}",
      fa: "مشاورهٔ رایگان: {firm}",
      zh: "免费咨询：{firm}",
    },
  },
} satisfies DefaultTextGroup;
