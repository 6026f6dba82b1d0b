"""English courtesy formulas (core.social): thanks, welcome, goodbyes, wishes, closings, the
assistant's bare "anything else?"; the light words around them; acknowledgements."""

FORMULAS = (
    # thanks: "thank you so much for your help", "thanks for everything", "thank you for using <service>"
    # (also in the words of non-native speakers: "Merci", "Danke", "Gracias", "Grazie mille")
    r"(?:thanks?|thank\s+you|many\s+thanks|thx|ty|merci(?:\s+beaucoup)?|vielen\s+dank|danke(?:\s+sch(?:ö|oe)n)?|(?:muchas\s+)?gracias|(?:mille\s+)?grazie(?:\s+mille)?|"
    r"arigat(?:o|ou)|obrigad[oa])(?:\s+(?:so|very|a\s+lot|again|too|kindly|much|ever\s+so))*"
    r"(?:\s+(?:for|with)\s+(?:(?:all|everything|your|the|of|my|this)\s+)*(?:help(?:ing)?|assistance|time|"
    r"info(?:rmation)?|everything|service|patience|support)"
    r"|\s+for\s+(?:contacting|using|calling|choosing|visiting|booking\s+with)\b[^.!?]*)?",
    r"you(?:'ve|\s+have)\s+been\s+(?:(?:very|quite|so|really|most|a\s+great|a\s+big)\s+)*(?:helpful|help)",
    r"(?:i|we)\s+(?:really\s+)?appreciate\s+(?:it|(?:all\s+)?your\s+(?:help|assistance|time))",
    # "you're welcome", "my pleasure", "glad I could help", "happy to be of service"
    r"(?:you(?:'re|\s+are)|your|you\s+r)\s+(?:(?:very|quite|most|so|always)\s+)?welcome",
    r"(?:no\s+problem|not\s+a\s+problem|no\s+worries|(?:it\s+was\s+|it's\s+)?my\s+pleasure|anytime|"
    r"any\s+time|sure\s+thing|of\s+course)",
    r"(?:i'm\s+|i\s+am\s+|we're\s+)?(?:glad|happy|pleased)\s+(?:i\s+could|to|we\s+could)\s+"
    r"(?:help|assist|be\s+of\s+(?:service|help|assistance))(?:\s+you)?",
    # goodbyes and wishes: "goodbye", "take care", "have a great rest of your day", "enjoy your stay"
    r"(?:good\s*-?\s*bye|bye(?:\s*-?\s*bye)?|take\s+care|see\s+you|cheers|farewell|until\s+next\s+time)",
    r"(?:(?:you|i\s+hope\s+you|hope\s+you|please)\s+)?(?:have|enjoy)\s+(?:a|an|the|your)\s+(?:\w+\s+){0,4}"
    r"(?:day|evening|night|morning|afternoon|weekend|week|time|trip|stay|visit|meal|dinner|lunch|"
    r"journey|flight|holiday|vacation|one)",
    r"(?:you\s+too|you\s+as\s+well|same\s+to\s+you|and\s+you)",
    # closings: "that's all I need for today", "no, that will be all", "I'm all set", "nothing else"
    r"(?:no,?\s*)?(?:i\s+think\s+)?(?:that(?:'s|\s+is|\s+was|\s+will\s+be|\s+would\s+be|\s+should\s+be)\s+"
    r"(?:all|everything|it)|(?:i'm|i\s+am|we're|we\s+are)\s+(?:all\s+set|done|good)|nothing\s+(?:else|more))"
    r"(?:\s+(?:i|we)\s+(?:need(?:ed)?|wanted|have|require[d]?|had))?(?:\s+(?:for\s+)?(?:today|now|tonight))?"
    r"(?:\s*,?\s*(?:thanks?|thank\s+you))?",
    # the assistant's bare offer of more: "Is there anything else I can help you with today?"
    r"(?:is\s+there\s+|was\s+there\s+|can\s+i\s+help\s+(?:you\s+)?with\s+|may\s+i\s+help\s+(?:you\s+)?with\s+|"
    r"do\s+you\s+need\s+|would\s+you\s+like\s+|will\s+you\s+be\s+needing\s+)?"
    r"(?:anything|something)\s+(?:else|more)(?:\s+(?:i|we)\s+can\s+(?:help|assist|do)(?:\s+you)?"
    r"(?:\s+(?:with|for\s+you))?)?(?:\s+(?:today|now|tonight))?",
    r"(?:will\s+that\s+be\s+all|is\s+that\s+all|will\s+you\s+be\s+needing\s+(?:any\s+)?further\s+assistance|"
    r"(?:how\s+)?(?:can|may)\s+i\s+(?:help|assist)\s+you\s+further)(?:\s+(?:for\s+)?(?:today|now))?",
)
# words left around a formula that add nothing ("Great, thank you!", "Ok, bye")
LIGHT = (
    r"(?:oh|well|please|so|and|again|really|very|sir|madam|ma'am|alright|all\s+right|wow|awesome|cool)"
)
# acknowledgements: social only when they answer no question but "anything else?"
ACK = (
    r"(?:yes|yeah|yep|yup|no|nope|ok(?:ay)?|great|perfect|excellent|wonderful|fantastic|good|nice|fine|"
    r"sounds\s+good|sounds\s+great|brilliant|lovely|got\s+it|will\s+do|sure|certainly)"
)
QUESTION = r"[?]"
