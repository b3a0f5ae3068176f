import type { DefaultTextGroup } from "./types";

export default {
  category: "practice-areas",
  texts: {
    "practice-areas-page-title": {
      label: "Page title",
      en: "Practice Areas - Vancouver Lawyers",
      fa: "حوزه‌های تخصصی - وکلای ونکوور",
      zh: "业务领域 - 温哥华律师",
    },
    "practice-areas-meta-description": {
      label: "Meta description",
      en: "Civil litigation, immigration, family law and professional negligence lawyers in downtown Vancouver, BC. Read how we can help and book a free 30-minute consultation.",
      fa: "وکلای دعاوی مدنی، مهاجرت، حقوق خانواده و قصور حرفه‌ای در مرکز شهر ونکوور، بریتیش کلمبیا. ببینید چگونه می‌توانیم کمکتان کنیم و یک مشاوره رایگان ۳۰ دقیقه‌ای رزرو کنید.",
      zh: "位于卑诗省温哥华市中心的民事诉讼、移民、家庭法及专业过失律师。了解我们如何为您提供帮助，并预约30分钟免费咨询。",
    },
    "practice-areas-breadcrumb": {
      label: "Breadcrumb label",
      en: "Practice Areas",
      fa: "حوزه‌های تخصصی",
      zh: "业务领域",
    },
    "practice-areas-hero-title": {
      label: "Hero title",
      en: "Our Practice Areas",
      fa: "حوزه‌های تخصصی ما",
      zh: "我们的业务领域",
    },
    "practice-areas-hero-subtitle": {
      label: "Hero subtitle",
      en: "Focused legal help for individuals, families and businesses in Vancouver and across British Columbia, in four areas where we know the law and the process in depth.",
      fa: "کمک حقوقی متمرکز برای افراد، خانواده‌ها و کسب‌وکارها در ونکوور و سراسر بریتیش کلمبیا، در چهار حوزه‌ای که قانون و روند رسیدگی آن را به‌خوبی می‌شناسیم.",
      zh: "我们专注于四个领域，深谙相关法律与程序，为温哥华及卑诗省各地的个人、家庭和企业提供专业法律服务。",
    },
    "practice-areas-services-heading": {
      label: "Card services list heading",
      en: "Key services",
      fa: "خدمات اصلی",
      zh: "主要服务",
    },
    "practice-areas-learn-more": {
      label: "Learn More link",
      en: "Learn More",
      fa: "بیشتر بدانید",
      zh: "了解更多",
    },

    // Civil litigation card
    "practice-areas-civil-litigation-title": {
      label: "Civil litigation card title",
      en: "Civil Litigation",
      fa: "دعاوی مدنی",
      zh: "民事诉讼",
    },
    "civil-litigation-description": {
      label: "Civil litigation description (home and overview cards)",
      en: "We represent individuals and businesses in disputes before the BC Supreme Court, the Provincial Court and the Civil Resolution Tribunal. From contract and property disputes to debt recovery and estate claims, we pursue practical, cost-conscious results through negotiation, mediation or trial.",
      fa: "ما از افراد و کسب‌وکارها در اختلافات مطرح در دادگاه عالی بریتیش کلمبیا، دادگاه استانی و دیوان حل اختلافات مدنی (CRT) وکالت می‌کنیم. از اختلافات قراردادی و ملکی تا وصول مطالبات و دعاوی ارث، از راه مذاکره، میانجی‌گری یا دادرسی به دنبال نتیجه‌ای عملی و مقرون‌به‌صرفه هستیم.",
      zh: "我们代表个人和企业处理卑诗省最高法院、省级法院及民事解决仲裁庭（CRT）的各类纠纷。从合同和物业纠纷到债务追讨及遗产诉讼，我们通过谈判、调解或庭审，力求以合理成本取得切实可行的结果。",
    },
    "practice-areas-civil-litigation-image-alt": {
      label: "Civil litigation card image alt text",
      en: "Lawyer reviewing court documents at a desk",
      fa: "وکیلی در حال بررسی اسناد دادگاه پشت میز کار",
      zh: "律师在办公桌前审阅法庭文件",
    },
    "practice-areas-civil-litigation-service-1": {
      label: "Civil litigation card service 1",
      en: "Contract and business disputes",
      fa: "اختلافات قراردادی و تجاری",
      zh: "合同及商业纠纷",
    },
    "practice-areas-civil-litigation-service-2": {
      label: "Civil litigation card service 2",
      en: "Real estate and property disputes",
      fa: "اختلافات املاک و مستغلات",
      zh: "房地产及物业纠纷",
    },
    "practice-areas-civil-litigation-service-3": {
      label: "Civil litigation card service 3",
      en: "Debt recovery and judgment enforcement",
      fa: "وصول مطالبات و اجرای احکام",
      zh: "债务追讨及判决执行",
    },
    "practice-areas-civil-litigation-service-4": {
      label: "Civil litigation card service 4",
      en: "Estate and wills variation litigation",
      fa: "دعاوی ارث و اصلاح وصیت‌نامه",
      zh: "遗产及遗嘱变更诉讼",
    },
    "practice-areas-civil-litigation-service-5": {
      label: "Civil litigation card service 5",
      en: "Civil Resolution Tribunal and small claims",
      fa: "دیوان حل اختلافات مدنی و دعاوی کوچک",
      zh: "民事解决仲裁庭及小额索偿",
    },

    // Immigration card
    "practice-areas-immigration-title": {
      label: "Immigration card title",
      en: "Immigration Law",
      fa: "حقوق مهاجرت",
      zh: "移民法",
    },
    "immigration-law-description": {
      label: "Immigration law description (home and overview cards)",
      en: "We guide individuals, families and employers through Canadian immigration, from Express Entry and the BC Provincial Nominee Program to family sponsorship, work permits and study permits. When an application is refused, we handle appeals, refugee matters and judicial review in the Federal Court.",
      fa: "ما افراد، خانواده‌ها و کارفرمایان را در مسیر مهاجرت به کانادا همراهی می‌کنیم؛ از اکسپرس اینتری و برنامه نامزدی استانی بریتیش کلمبیا (BC PNP) تا اسپانسرشیپ خانوادگی، مجوز کار و مجوز تحصیل. اگر درخواستی رد شود، پرونده‌های تجدیدنظر، پناهندگی و بازنگری قضایی در دادگاه فدرال را پیگیری می‌کنیم.",
      zh: "我们为个人、家庭和雇主提供加拿大移民全程指导，涵盖快速通道（Express Entry）、卑诗省提名计划（BC PNP）、家庭团聚担保、工作签证和学习签证。如申请被拒，我们亦代理上诉、难民案件以及联邦法院司法审查。",
    },
    "practice-areas-immigration-image-alt": {
      label: "Immigration card image alt text",
      en: "Passport and immigration application forms on a table",
      fa: "گذرنامه و فرم‌های درخواست مهاجرت روی میز",
      zh: "桌上的护照和移民申请表格",
    },
    "practice-areas-immigration-service-1": {
      label: "Immigration card service 1",
      en: "Express Entry and BC PNP applications",
      fa: "درخواست‌های اکسپرس اینتری و BC PNP",
      zh: "快速通道及卑诗省提名计划申请",
    },
    "practice-areas-immigration-service-2": {
      label: "Immigration card service 2",
      en: "Spousal, family and parent sponsorship",
      fa: "اسپانسرشیپ همسر، خانواده و والدین",
      zh: "配偶、家庭及父母团聚担保",
    },
    "practice-areas-immigration-service-3": {
      label: "Immigration card service 3",
      en: "Work permits and study permits",
      fa: "مجوز کار و مجوز تحصیل",
      zh: "工作签证及学习签证",
    },
    "practice-areas-immigration-service-4": {
      label: "Immigration card service 4",
      en: "Refugee claims and humanitarian applications",
      fa: "درخواست پناهندگی و درخواست‌های بشردوستانه",
      zh: "难民申请及人道主义申请",
    },
    "practice-areas-immigration-service-5": {
      label: "Immigration card service 5",
      en: "Appeals and Federal Court judicial review",
      fa: "تجدیدنظر و بازنگری قضایی در دادگاه فدرال",
      zh: "上诉及联邦法院司法审查",
    },

    // Family card
    "practice-areas-family-title": {
      label: "Family law card title",
      en: "Family Law",
      fa: "حقوق خانواده",
      zh: "家庭法",
    },
    "family-law-description": {
      label: "Family law description (home and overview cards)",
      en: "We help people in British Columbia through separation and divorce with care and clear advice under the Family Law Act and the Divorce Act. We handle parenting arrangements, child and spousal support and the division of property, favouring negotiation and mediation while being ready for court when it is needed.",
      fa: "ما با دلسوزی و مشاوره روشن، بر پایه قانون حقوق خانواده بریتیش کلمبیا و قانون طلاق کانادا، در دوران جدایی و طلاق کنار شما هستیم. ترتیبات فرزندپروری، نفقه فرزند و همسر و تقسیم اموال را پیگیری می‌کنیم؛ مذاکره و میانجی‌گری را در اولویت قرار می‌دهیم و در صورت نیاز برای دادگاه نیز آماده‌ایم.",
      zh: "我们依据卑诗省《家庭法》和加拿大《离婚法》，以体贴的态度和清晰的建议，陪伴您度过分居与离婚。我们处理子女养育安排、子女及配偶抚养费和财产分割，优先通过谈判与调解解决问题，必要时亦随时准备上庭。",
    },
    "practice-areas-family-image-alt": {
      label: "Family law card image alt text",
      en: "Parent holding a child's hand while walking outdoors",
      fa: "پدر یا مادری که دست کودکش را گرفته و در فضای باز قدم می‌زند",
      zh: "家长在户外牵着孩子的手散步",
    },
    "practice-areas-family-service-1": {
      label: "Family law card service 1",
      en: "Separation and divorce",
      fa: "جدایی و طلاق",
      zh: "分居与离婚",
    },
    "practice-areas-family-service-2": {
      label: "Family law card service 2",
      en: "Parenting arrangements and guardianship",
      fa: "ترتیبات فرزندپروری و سرپرستی",
      zh: "子女养育安排及监护",
    },
    "practice-areas-family-service-3": {
      label: "Family law card service 3",
      en: "Child and spousal support",
      fa: "نفقه فرزند و همسر",
      zh: "子女及配偶抚养费",
    },
    "practice-areas-family-service-4": {
      label: "Family law card service 4",
      en: "Division of family property and debt",
      fa: "تقسیم اموال و بدهی‌های خانواده",
      zh: "家庭财产及债务分割",
    },
    "practice-areas-family-service-5": {
      label: "Family law card service 5",
      en: "Family agreements and mediation",
      fa: "توافق‌نامه‌های خانوادگی و میانجی‌گری",
      zh: "家庭协议及调解",
    },

    // Professional negligence card
    "practice-areas-professional-negligence-title": {
      label: "Professional negligence card title",
      en: "Professional Negligence",
      fa: "قصور حرفه‌ای",
      zh: "专业过失",
    },
    "professional-negligence-description": {
      label: "Professional negligence description (home and overview cards)",
      en: "When a lawyer, immigration consultant or unlicensed representative makes a costly mistake, we help you hold them accountable. We investigate what went wrong, work to repair the underlying matter where possible and pursue compensation for your losses.",
      fa: "وقتی یک وکیل، مشاور مهاجرت یا نماینده فاقد مجوز اشتباهی پرهزینه مرتکب می‌شود، به شما کمک می‌کنیم او را پاسخ‌گو کنید. بررسی می‌کنیم چه چیزی اشتباه پیش رفته، در صورت امکان برای جبران پرونده اصلی تلاش می‌کنیم و برای خسارت‌هایتان مطالبه غرامت می‌کنیم.",
      zh: "当律师、移民顾问或无执照代理人犯下代价高昂的错误时，我们协助您追究其责任。我们会调查问题出在哪里，尽可能补救原有案件，并为您的损失争取赔偿。",
    },
    "practice-areas-professional-negligence-image-alt": {
      label: "Professional negligence card image alt text",
      en: "Client and lawyer going through a file of documents together",
      fa: "موکل و وکیل در حال بررسی مشترک یک پرونده",
      zh: "客户与律师一起查阅案卷文件",
    },
    "practice-areas-professional-negligence-service-1": {
      label: "Professional negligence card service 1",
      en: "Immigration consultant malpractice",
      fa: "قصور مشاوران مهاجرت",
      zh: "移民顾问执业过失",
    },
    "practice-areas-professional-negligence-service-2": {
      label: "Professional negligence card service 2",
      en: "Lawyer negligence claims",
      fa: "دعاوی قصور وکلا",
      zh: "律师过失索赔",
    },
    "practice-areas-professional-negligence-service-3": {
      label: "Professional negligence card service 3",
      en: "Claims against unlicensed representatives",
      fa: "دعوا علیه نمایندگان فاقد مجوز",
      zh: "针对无执照代理人的索赔",
    },
    "practice-areas-professional-negligence-service-4": {
      label: "Professional negligence card service 4",
      en: "Complaints to the CICC and the Law Society of BC",
      fa: "شکایت به CICC و کانون وکلای بریتیش کلمبیا",
      zh: "向移民与公民顾问学院（CICC）及卑诗省律师协会投诉",
    },
    "practice-areas-professional-negligence-service-5": {
      label: "Professional negligence card service 5",
      en: "Fee recovery and compensation claims",
      fa: "بازپس‌گیری هزینه‌ها و مطالبه غرامت",
      zh: "追回费用及索取赔偿",
    },

    // Not-sure section
    "practice-areas-not-sure-title": {
      label: "Not-sure section title",
      en: "Not Sure Which Area Fits Your Situation?",
      fa: "مطمئن نیستید موضوع شما در کدام حوزه است؟",
      zh: "不确定您的情况属于哪个领域？",
    },
    "practice-areas-not-sure-text": {
      label: "Not-sure section text",
      en: "Many legal problems touch more than one area of law. Book a free 30-minute consultation and we will listen to your situation, explain your options and point you to the right next step.",
      fa: "بسیاری از مشکلات حقوقی به بیش از یک حوزه مربوط می‌شوند. یک مشاوره رایگان ۳۰ دقیقه‌ای رزرو کنید تا به شرایط شما گوش دهیم، گزینه‌هایتان را توضیح دهیم و قدم بعدی درست را نشانتان دهیم.",
      zh: "许多法律问题往往涉及不止一个领域。欢迎预约30分钟免费咨询，我们会仔细了解您的情况，说明您的选择，并为您指明下一步方向。",
    },
    "practice-areas-not-sure-button": {
      label: "Not-sure section button (opens the external booking page)",
      en: "Book a Free Consultation",
      fa: "رزرو مشاوره رایگان",
      zh: "预约免费咨询",
    },
    "practice-areas-opens-new-tab": {
      label: "Screen-reader note for links that open in a new tab",
      en: "(opens in a new tab)",
      fa: "(در زبانه جدید باز می‌شود)",
      zh: "（在新标签页中打开）",
    },
  },
} satisfies DefaultTextGroup;
