import type { DefaultTextGroup } from "./types";

/** The pages behind the newsletter's confirmation and unsubscribe links (decision 0004). */
export default {
  category: "newsletter",
  texts: {
    "newsletter-confirm-page-title": {
      label: "Confirm page: browser title",
      en: "Confirm your subscription",
      fa: "تأیید اشتراک",
      zh: "确认订阅",
    },
    "newsletter-confirm-title": {
      label: "Confirm page: heading",
      en: "Confirm your newsletter subscription",
      fa: "اشتراک خبرنامه را تأیید کنید",
      zh: "确认您的简讯订阅",
    },
    "newsletter-confirm-text": {
      label: "Confirm page: text",
      en: "Please confirm that you want to receive our new articles and legal updates at this email address. You can unsubscribe at any time with the link in every email.",
      fa: "لطفاً تأیید کنید که می‌خواهید مقاله‌های تازه و خبرهای حقوقی ما را در این نشانی ایمیل دریافت کنید. هر زمان بخواهید می‌توانید با پیوندی که در هر ایمیل هست اشتراک خود را لغو کنید.",
      zh: "请确认您希望通过此电子邮件地址接收我们的最新文章和法律资讯。您可以随时通过每封邮件中的链接取消订阅。",
    },
    "newsletter-confirm-button": {
      label: "Confirm page: button",
      en: "Confirm subscription",
      fa: "تأیید اشتراک",
      zh: "确认订阅",
    },
    "newsletter-confirmed-title": {
      label: "Confirm page: heading once confirmed",
      en: "Your subscription is confirmed",
      fa: "اشتراک شما تأیید شد",
      zh: "您的订阅已确认",
    },
    "newsletter-confirmed-text": {
      label: "Confirm page: text once confirmed",
      en: "Thank you. You will receive our new articles and legal updates by email. Every email has a link to unsubscribe.",
      fa: "سپاسگزاریم. مقاله‌های تازه و خبرهای حقوقی ما را از طریق ایمیل دریافت خواهید کرد. هر ایمیل پیوندی برای لغو اشتراک دارد.",
      zh: "谢谢。您将通过电子邮件收到我们的最新文章和法律资讯。每封邮件中都有取消订阅的链接。",
    },
    "newsletter-unsubscribe-page-title": {
      label: "Unsubscribe page: browser title",
      en: "Unsubscribe",
      fa: "لغو اشتراک",
      zh: "取消订阅",
    },
    "newsletter-unsubscribe-title": {
      label: "Unsubscribe page: heading",
      en: "Unsubscribe from our newsletter",
      fa: "لغو اشتراک خبرنامه",
      zh: "取消订阅简讯",
    },
    "newsletter-unsubscribe-text": {
      label: "Unsubscribe page: text",
      en: "Do you want to stop receiving our newsletter? Your email address will be removed from our list.",
      fa: "آیا می‌خواهید دیگر خبرنامه ما را دریافت نکنید؟ نشانی ایمیل شما از فهرست ما حذف خواهد شد.",
      zh: "您希望不再接收我们的简讯吗？您的电子邮件地址将从我们的名单中删除。",
    },
    "newsletter-unsubscribe-button": {
      label: "Unsubscribe page: button",
      en: "Unsubscribe",
      fa: "لغو اشتراک",
      zh: "取消订阅",
    },
    "newsletter-unsubscribed-title": {
      label: "Unsubscribe page: heading once unsubscribed",
      en: "You have been unsubscribed",
      fa: "اشتراک شما لغو شد",
      zh: "您已取消订阅",
    },
    "newsletter-unsubscribed-text": {
      label: "Unsubscribe page: text once unsubscribed",
      en: "Your email address has been removed from our newsletter list. You will not receive any more newsletters from us.",
      fa: "نشانی ایمیل شما از فهرست خبرنامه ما حذف شد. دیگر خبرنامه‌ای از ما دریافت نخواهید کرد.",
      zh: "您的电子邮件地址已从我们的简讯名单中删除。您将不会再收到我们的简讯。",
    },
    "newsletter-link-invalid-title": {
      label: "Both pages: heading for a link that is not valid",
      en: "This link is not valid",
      fa: "این پیوند معتبر نیست",
      zh: "此链接无效",
    },
    "newsletter-link-invalid-text": {
      label: "Both pages: text for a link that is not valid",
      en: "The link may be incomplete, or it was already used to unsubscribe. If you unsubscribed, nothing more is needed. To subscribe again, use the form on our blog.",
      fa: "ممکن است پیوند ناقص باشد یا پیش‌تر برای لغو اشتراک به کار رفته باشد. اگر اشتراک خود را لغو کرده‌اید، کار دیگری لازم نیست. برای اشتراک دوباره، از فرم وبلاگ ما استفاده کنید.",
      zh: "此链接可能不完整，或已被用于取消订阅。如果您已取消订阅，则无需再做任何操作。如需重新订阅，请使用我们博客上的表格。",
    },
    "newsletter-blog-link": {
      label: "Both pages: link to the blog",
      en: "Go to the blog",
      fa: "رفتن به وبلاگ",
      zh: "前往博客",
    },
    "newsletter-mail-confirm-subject": {
      label: "Confirmation mail: subject",
      en: "Please confirm your newsletter subscription",
      fa: "لطفاً اشتراک خبرنامه را تأیید کنید",
      zh: "请确认您的简讯订阅",
    },
    "newsletter-mail-confirm-text": {
      label: "Confirmation mail: text before the confirmation link",
      en: "Someone, we hope you, asked to receive our new articles and legal updates at this email address. To confirm, open this link and press the button on the page:",
      fa: "کسی، امیدواریم خود شما، خواسته است مقاله‌های تازه و خبرهای حقوقی ما را در این نشانی ایمیل دریافت کند. برای تأیید، این پیوند را باز کنید و دکمهٔ صفحه را بزنید:",
      zh: "有人（希望是您本人）要求通过此电子邮件地址接收我们的最新文章和法律资讯。如需确认，请打开以下链接并点击页面上的按钮：",
    },
    "newsletter-mail-ignore-text": {
      label: "Confirmation mail: text before the unsubscribe link",
      en: "If you did not ask for this, ignore this email: without your confirmation you will receive nothing more. To remove this address from our list now, open this link:",
      fa: "اگر شما چنین درخواستی نکرده‌اید، این ایمیل را نادیده بگیرید: بدون تأیید شما چیز دیگری دریافت نخواهید کرد. برای حذف همین حالا این نشانی از فهرست ما، این پیوند را باز کنید:",
      zh: "如果您没有提出此请求，请忽略此邮件：未经您确认，您不会再收到任何邮件。如需立即将此地址从我们的名单中删除，请打开以下链接：",
    },
    "newsletter-mail-welcome-subject": {
      label: "Welcome mail (after confirming): subject",
      en: "Your newsletter subscription is confirmed",
      fa: "اشتراک خبرنامهٔ شما تأیید شد",
      zh: "您的简讯订阅已确认",
    },
    "newsletter-mail-welcome-text": {
      label: "Welcome mail (after confirming): text",
      en: "Thank you for confirming. You will receive our new articles and legal updates at this email address.",
      fa: "از تأیید شما سپاسگزاریم. مقاله‌های تازه و خبرهای حقوقی ما را در این نشانی ایمیل دریافت خواهید کرد.",
      zh: "感谢您的确认。您将通过此电子邮件地址收到我们的最新文章和法律资讯。",
    },
    "newsletter-mail-unsubscribe-text": {
      label: "Welcome mail (after confirming): text before the unsubscribe link",
      en: "You can unsubscribe at any time by opening this link:",
      fa: "هر زمان بخواهید می‌توانید با باز کردن این پیوند اشتراک خود را لغو کنید:",
      zh: "您可以随时打开以下链接取消订阅：",
    },
  },
} satisfies DefaultTextGroup;
